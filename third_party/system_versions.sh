#!/bin/sh
# Prints the versions of the toolchain and system libraries ptoc links
# against, one per line, in a fixed order (see system_versions.bzl).
# PTOC_DPKG_ADMINDIR, when set, names another dpkg database to read.
admin=""
[ -n "${PTOC_DPKG_ADMINDIR:-}" ] && admin="--admindir=$PTOC_DPKG_ADMINDIR"
for pkg in g++-12 libprotobuf-dev protobuf-compiler libabsl-dev \
    libgoogle-glog-dev libgflags-dev libgtest-dev; do
  v=$(dpkg-query $admin -W -f='${Version}' "$pkg" 2>/dev/null || echo missing)
  echo "$pkg $v"
done
