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

# --- emit ---
emitted=0
rejected=0
for kernel in $(conf_kernels); do
  for backend in a2a3 a5; do
    base="$(echo "${kernel%.py}" | tr '/' '_').$backend"
    if "$ptoc" "$kernel" --emit=cce --backend="$backend" --pipe-sync=barrier-all \
        -o "$out/$base.cpp" 2>/dev/null; then
      emitted=$((emitted + 1))
      if [[ "$kernel" == examples/* ]]; then
        echo "$base" >> "$out/list"
      else
        echo "$base" >> "$out/list.stand-in-only"
      fi
    else
      rejected=$((rejected + 1))
    fi
    # The same kernel with the planned set_flag / wait_flag pairs (the default).
    if "$ptoc" "$kernel" --emit=cce --backend="$backend" --pipe-sync=flags \
        -o "$out/$base.flags.cpp" 2>/dev/null; then
      emitted=$((emitted + 1))
      echo "$base.flags" >> "$out/list"
    else
      rejected=$((rejected + 1))
    fi
  done
done
echo "ptoc emitted $emitted .cpp ($rejected kernel x backend builds rejected by ptoc, skipped)"

# --- compile, two at a time ---
compile_one() {  # BASE [stand-in-only]
  local base="$1" dir="$out"
  if [[ "${2:-}" != stand-in-only ]] &&
     "$CXX_PTO_ISA" "${pto_isa_flags[@]}" "${pto_isa_pch_flags[@]}" -fsyntax-only \
       "$dir/$base.cpp" > "$dir/$base.pto-isa.log" 2>&1; then
    touch "$dir/$base.pto-isa.ok"
  fi
  local ok=1
  for core in __DAV_VEC__ __DAV_CUBE__; do
    g++ -std=c++17 -fsyntax-only -Wall -I"$conf_repo/runtime/include" -D"$core" \
        "$dir/$base.cpp" >> "$dir/$base.stand-in.log" 2>&1 || ok=0
  done
  [[ $ok -eq 1 ]] && touch "$dir/$base.stand-in.ok"
  return 0
}
export -f compile_one
export out conf_repo
export pto_isa_flags_str="${pto_isa_flags[*]} ${pto_isa_pch_flags[*]}"
touch "$out/list.stand-in-only"
{ cat "$out/list"; sed 's/$/ stand-in-only/' "$out/list.stand-in-only"; } |
  xargs -P2 -L1 bash -c 'pto_isa_flags=($pto_isa_flags_str); pto_isa_pch_flags=(); compile_one "$@"' _

# --- report ---
failed=0
for header in pto-isa stand-in; do
  good=0
  total=0
  lists=("$out/list")
  [[ $header == stand-in ]] && lists+=("$out/list.stand-in-only")
  while read -r base; do
    total=$((total + 1))
    if [[ -e "$out/$base.$header.ok" ]]; then
      good=$((good + 1))
    else
      echo "FAILED [$header] $base.cpp: $(first_error "$out/$base.$header.log" | sed "s|$out/||")"
      failed=$((failed + 1))
    fi
  done < <(cat "${lists[@]}")
  echo "$header: compiled $good of $total"
  eval "good_$(echo $header | tr '-' '_')=$good total_$(echo $header | tr '-' '_')=$total"
done
if [[ $emitted -lt 40 ]]; then
  echo "FAILED: only $emitted .cpp emitted; expected the examples and the test kernels" >&2
  failed=$((failed + 1))
fi
echo "$name: pto-isa compiled $good_pto_isa of $total_pto_isa, stand-in compiled $good_stand_in of $emitted ($((SECONDS - start)) s)"
[[ $failed -eq 0 ]]
