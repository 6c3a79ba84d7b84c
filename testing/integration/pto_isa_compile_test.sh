#!/bin/bash
# Conformance (issue 12): every .cpp ptoc emits compiles against the real
# pto-isa headers and against the stand-in header runtime/include/.
#
# The .cpp of every example and every codegen / runtime test kernel ptoc
# accepts (`ptoc K --emit=cce --backend=a2a3|a5`, the default pipeline, once
# with --pipe-sync=barrier-all and once with the default flags plan;
# kernels ptoc rejects, e.g. the *_error ones, are skipped by exit code),
# for both backends:
#   - pto-isa: $CXX_PTO_ISA -fsyntax-only with pto-isa's CPU-simulation flags
#     (one translation unit holds both core types under __CPU_SIM); a test
#     kernel's barrier-all variant makes the same calls as its flags variant
#     but pipe_barrier for set_flag / wait_flag, so only the examples' is;
#   - stand-in: g++ -std=c++17 -fsyntax-only -Wall, once per core type
#     (-D__DAV_VEC__, -D__DAV_CUBE__), as codegen/compile_emitted_cpp_test.sh.
# Prints each failure with its first error line, then `compiled X of Y` per
# header. Exits 0 when all compile, 1 otherwise, 77 when pto-isa or the
# compiler is missing (1 under CI=true). PTO_ISA_ROOT, CXX_PTO_ISA:
# testing/conformance/lib.bash.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../conformance/lib.bash"
name=pto_isa_compile_test
need_pto_isa "$name"
build_tools //driver:ptoc
ptoc="$bin/driver/ptoc"
begin_run ptoc-pto-isa-compile

# --- emit, two at a time ---
# emit_one KERNEL BACKEND: prints `pto-isa BASE`, `stand-in BASE` (its C++
# is compiled against the stand-in only) or `rejected` per variant.
emit_one() {
  local kernel="$1" backend="$2" base
  base="$(echo "${kernel%.py}" | tr '/' '_').$backend"
  if "$ptoc" "$kernel" --emit=cce --backend="$backend" --pipe-sync=barrier-all \
      -o "$out/$base.cpp" 2>/dev/null; then
    if [[ "$kernel" == examples/* ]]; then echo "pto-isa $base"; else echo "stand-in $base"; fi
  else
    echo rejected
  fi
  # The same kernel with the planned set_flag / wait_flag pairs (the default).
  if "$ptoc" "$kernel" --emit=cce --backend="$backend" --pipe-sync=flags \
      -o "$out/$base.flags.cpp" 2>/dev/null; then
    echo "pto-isa $base.flags"
  else
    echo rejected
  fi
}
export -f emit_one
export ptoc out
for kernel in $(conf_kernels); do echo "$kernel a2a3"; echo "$kernel a5"; done |
  xargs -P2 -L1 bash -c 'emit_one "$1" "$2"' _ | sort > "$out/emitted"
awk '$1 == "pto-isa" { print $2 }' "$out/emitted" > "$out/list"
awk '$1 != "rejected" { print $2 }' "$out/emitted" > "$out/list.all"
emitted=$(wc -l < "$out/list.all")
rejected=$(grep -c '^rejected' "$out/emitted")
echo "ptoc emitted $emitted .cpp ($rejected kernel x backend builds rejected by ptoc, skipped)"

# --- compile ---
check_compiles "$out/list" pto-isa "$CXX_PTO_ISA" "${pto_isa_flags[@]}" "${pto_isa_pch_flags[@]}"
stand_in=(g++ -std=c++17 -Wall -I"$conf_repo/runtime/include")
check_compiles "$out/list.all" vec "${stand_in[@]}" -D__DAV_VEC__
check_compiles "$out/list.all" cube "${stand_in[@]}" -D__DAV_CUBE__
while read -r base; do
  if [[ -e "$out/$base.vec.ok" && -e "$out/$base.cube.ok" ]]; then
    touch "$out/$base.stand-in.ok"
  else
    cat "$out/$base.vec.log" "$out/$base.cube.log" > "$out/$base.stand-in.log" 2>/dev/null
  fi
done < "$out/list.all"

# --- report ---
failed=0
for header in pto-isa stand-in; do
  good=0
  total=0
  list="$out/list"
  [[ $header == stand-in ]] && list="$out/list.all"
  while read -r base; do
    total=$((total + 1))
    if [[ -e "$out/$base.$header.ok" ]]; then
      good=$((good + 1))
    else
      echo "FAILED [$header] $base.cpp: $(first_error "$out/$base.$header.log" | sed "s|$out/||")"
      failed=$((failed + 1))
    fi
  done < "$list"
  echo "$header: compiled $good of $total"
  eval "good_$(echo $header | tr '-' '_')=$good total_$(echo $header | tr '-' '_')=$total"
done
if [[ $emitted -lt 40 ]]; then
  echo "FAILED: only $emitted .cpp emitted; expected the examples and the test kernels" >&2
  failed=$((failed + 1))
fi
echo "$name: pto-isa compiled $good_pto_isa of $total_pto_isa, stand-in compiled $good_stand_in of $emitted ($((SECONDS - start)) s)"
[[ $failed -eq 0 ]]
