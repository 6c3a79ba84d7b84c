#!/bin/bash
# Compiles every .cpp the cce target emits, with the host g++ against the
# device API header, once for each core type (-D__DAV_VEC__, -D__DAV_CUBE__):
#   - the example kernels after the default pipeline, for a2a3 and a5;
#   - the codegen test kernels (AIC / AIV already) with no passes, for both
#     backends, except those that test diagnostics.
# Prints each file that does not compile with its errors.
# usage: compile_emitted_cpp_test.sh PTOC PTO_INST_HPP BATCH_COMPILE_BASH
#          -- EXAMPLES... -- TEST_KERNELS...
set -u
ptoc="$1"
include="$(dirname "$(dirname "$2")")"
source "$3"
shift 4
examples=()
while [[ $# -gt 0 && "$1" != "--" ]]; do
  examples+=("$1")
  shift
done
shift
tests=("$@")
out="${TEST_TMPDIR:-/tmp}/emitted"
mkdir -p "$out"
: > "$out/list"

emit_all() {  # KERNEL PASSES_FLAG
  local kernel="$1" passes="$2"
  for backend in a2a3 a5; do
    local base
    base="$(basename "$kernel" .py).$backend"
    if ! "$ptoc" "$kernel" $passes --backend="$backend" --emit=cce -o "$out/$base.cpp"; then
      echo "FAILED: ptoc could not emit C++ for $kernel ($backend)" >&2
      exit 1
    fi
    echo "$base" >> "$out/list"
  done
}

for kernel in "${examples[@]}"; do
  emit_all "$kernel" ""
done
for kernel in "${tests[@]}"; do
  # Kernels that test diagnostics, and RUN-only files, emit no C++.
  if [[ "$kernel" == *_error.py ]] || grep -q '@@BODY@@' "$kernel" ||
     ! grep -q '@pl.program' "$kernel"; then
    continue
  fi
  emit_all "$kernel" "--passes=hoist-output-returns,materialize-aiv-lanes"
done

status=0
compiled=0
for core in __DAV_VEC__ __DAV_CUBE__; do
  check_compiles "$out/list" "$core" g++ -std=c++17 -Wall -I"$include" -D"$core"
  while read -r base; do
    if [[ -e "$out/$base.$core.ok" ]]; then
      compiled=$((compiled + 1))
    else
      echo "FAILED: $out/$base.cpp does not compile with -D$core:" >&2
      cat "$out/$base.$core.log" >&2
      status=1
    fi
  done < "$out/list"
done
echo "compiled $compiled translation units"
[[ $compiled -ge 40 ]] || { echo "FAILED: too few kernels compiled" >&2; exit 1; }
exit $status
