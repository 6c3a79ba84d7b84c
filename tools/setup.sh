#!/bin/bash
# Installs the Debian packages ptoc builds and tests with, when missing.
# Idempotent: does nothing when everything is there.
set -euo pipefail

packages=(
  bazel-bootstrap bazel-rules-java bazel-platforms
  g++ protobuf-compiler libprotobuf-dev libabsl-dev libgoogle-glog-dev
  libgflags-dev libgtest-dev libgmock-dev libbenchmark-dev
  llvm-16-tools clang-14 libclang-rt-14-dev
  clang-19 libllvm19 libz3-4 python3-numpy
  bazel-bootstrap-source openjdk-17-jdk-headless
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
# node and npm (testing/integration/ruff_layout_test.sh runs ruff's WASM
# build from npm), checked by command: a nodejs package from elsewhere may
# bring npm itself and conflict with Debian's.
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "setup: installing ${missing[*]}" >&2
sudo_cmd=()
[[ $(id -u) -ne 0 ]] && sudo_cmd=(sudo)
"${sudo_cmd[@]}" apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >&2
