#!/bin/bash
# Runs the `RUN:` lines of one FileCheck-style test file, in the manner of
# LLVM's lit:
#   # RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s
# Substitutions: %s = the test file, %S = its directory, %t = a scratch path
# unique to the test. A RUN line ending in `\` continues on the next one.
# Tools on PATH: every tool given after `--tools` (by its basename with `_`
# turned into `-`), plus FileCheck, not and count from LLVM 16.
# Each RUN line runs under `set -o pipefail`; the test fails at the first
# line that fails.
set -u
test_file="$1"
shift
[[ "${1:-}" == "--tools" ]] && shift

bin_dir="$(mktemp -d "${TEST_TMPDIR:-/tmp}/lit-bin.XXXXXX")"
for tool in "$@"; do
  name="$(basename "$tool")"
  ln -sf "$PWD/$tool" "$bin_dir/${name//_/-}"
done
for llvm_tool in FileCheck not count; do
  ln -sf "/usr/lib/llvm-16/bin/$llvm_tool" "$bin_dir/$llvm_tool"
done
export PATH="$bin_dir:$PATH"

scratch="${TEST_TMPDIR:-/tmp}/$(basename "$test_file").tmp"
test_dir="$(dirname "$test_file")"

commands=()
current=""
while IFS= read -r line; do
  [[ "$line" =~ RUN:(.*)$ ]] || continue
  part="${BASH_REMATCH[1]}"
  if [[ "$part" =~ ^(.*)\\[[:space:]]*$ ]]; then
    current+="${BASH_REMATCH[1]} "
    continue
  fi
  commands+=("$current$part")
  current=""
done < "$test_file"

if [[ ${#commands[@]} -eq 0 ]]; then
  echo "error: $test_file has no RUN: lines" >&2
  exit 1
fi

for cmd in "${commands[@]}"; do
  cmd="${cmd//%s/$test_file}"
  cmd="${cmd//%S/$test_dir}"
  cmd="${cmd//%t/$scratch}"
  echo "RUN: $cmd"
  if ! bash -o pipefail -c "$cmd"; then
    echo "FAILED: $test_file" >&2
    exit 1
  fi
done
