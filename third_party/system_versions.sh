#!/bin/sh
# Prints the versions of the toolchain and system libraries ptoc links
# against, one per line, in a fixed order (see third_party/BUILD).
for pkg in g++-12 libprotobuf-dev protobuf-compiler libabsl-dev \
    libgoogle-glog-dev libgflags-dev libgtest-dev; do
  v=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null || echo missing)
  echo "$pkg $v"
done
