#!/bin/bash
# Conformance (issue 12): every .pto ptoc emits is accepted by the real
# ptoas, and the C++ ptoas makes of it compiles against the real pto-isa.
#
# The .pto of every example and every codegen / runtime test kernel ptoc
# accepts, both backends (`--backend=a2a3` -> `ptoas --pto-arch=a3`, `a5` ->
# `--pto-arch=a5`): every kernel in the default --pipe-sync=flags
# (assembled at --pto-level=level3, as its line 2 says) and in
# --pipe-sync=barrier-all (level2), the examples also with --narrow-regions
# and --v2c-sync=barrier, the test kernels with the default pipeline
# (kernels ptoc rejects are skipped by exit code). ptoas
# must exit 0 and its .cpp must pass $CXX_PTO_ISA -fsyntax-only with
# pto-isa's CPU-simulation flags; the C++ of a test kernel's barrier-all
# variant is not compiled (it makes the same instruction calls as the
# flags variant, with pipe_barrier for the flags; the examples' is). Prints each failure with its first error
# line, then `accepted X of Y` and `compiled X of Y`. Exits 0 when all pass,
# 1 otherwise, 77 when ptoas, pto-isa or the compiler is missing (1 under
# CI=true). PTOAS, PTO_ISA_ROOT: testing/conformance/lib.bash.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../conformance/lib.bash"
name=ptoas_accept_test
need_ptoas "$name"
need_pto_isa "$name"
build_tools //driver:ptoc
ptoc="$bin/driver/ptoc"
begin_run ptoc-ptoas

# --- emit, two at a time ---
# emit KERNEL BACKEND TAG [FLAGS]: prints `BASE BACKEND COMPILE(yes|no)`, or
# `rejected`.
emit() {
  local kernel="$1" backend="$2" tag="$3"
  shift 3
  local base
  base="$(echo "${kernel%.py}" | tr '/' '_').$backend$tag"
  if "$ptoc" "$kernel" --emit=pto --backend="$backend" "$@" -o "$out/$base.pto" 2>/dev/null; then
    local compile=yes
    [[ "$tag" == .barrier-all && "$kernel" != examples/* ]] && compile=no
    echo "$base $backend $compile"
  else
    echo rejected
  fi
}
# emit_all KERNEL BACKEND: every variant of one kernel on one backend.
emit_all() {
  local kernel="$1" backend="$2"
  # The default: ptoc's own sync plan and addresses (--pipe-sync=flags),
  # level3, no --enable-insert-sync.
  emit "$kernel" "$backend" ""
  # No intra-core sync, addresses left to ptoas: level2.
  emit "$kernel" "$backend" ".barrier-all" --pipe-sync=barrier-all
  if [[ "$kernel" == examples/* ]]; then
    emit "$kernel" "$backend" ".narrow" --narrow-regions
    emit "$kernel" "$backend" ".barrier" --v2c-sync=barrier
  fi
}
export -f emit emit_all
export ptoc out
for kernel in $(conf_kernels); do echo "$kernel a2a3"; echo "$kernel a5"; done |
  xargs -P2 -L1 bash -c 'emit_all "$1" "$2"' _ | sort > "$out/emitted"
grep -v '^rejected' "$out/emitted" > "$out/list"
emitted=$(wc -l < "$out/list")
rejected=$(grep -c '^rejected' "$out/emitted")
echo "ptoc emitted $emitted .pto ($rejected builds rejected by ptoc, skipped)"

# --- ptoas, two at a time ---
assemble_one() {  # BASE BACKEND
  local base="$1" arch=a3
  [[ "$2" == a5 ]] && arch=a5
  local level=()
  # The file says which level it is for (line 2 of a flags-mode file).
  grep -q -- "--pto-level=level3" "$out/$base.pto" && level=(--pto-level=level3)
  if "$PTOAS" --pto-arch="$arch" "${level[@]}" "$out/$base.pto" -o "$out/$base.cpp" > "$out/$base.ptoas.log" 2>&1 &&
     [[ -s "$out/$base.cpp" ]]; then
    touch "$out/$base.ptoas.ok"
  fi
  return 0
}
export -f assemble_one
export PTOAS
xargs -P2 -L1 bash -c 'assemble_one "$1" "$2"' _ < "$out/list"

# --- pto-isa, for ptoas's C++ ---
while read -r base _ compile; do
  [[ "$compile" == yes && -e "$out/$base.ptoas.ok" ]] && echo "$base"
done < "$out/list" > "$out/list.compile"
check_compiles "$out/list.compile" pto-isa "$CXX_PTO_ISA" "${pto_isa_flags[@]}" "${pto_isa_pch_flags[@]}"

# --- report ---
failed=0
accepted=0
compiled=0
to_compile=0
while read -r base _ compile; do
  if [[ ! -e "$out/$base.ptoas.ok" ]]; then
    echo "FAILED [ptoas] $base.pto: $(first_error "$out/$base.ptoas.log" | sed "s|$out/||")"
    failed=$((failed + 1))
    continue
  fi
  accepted=$((accepted + 1))
  [[ "$compile" == no ]] && continue
  to_compile=$((to_compile + 1))
  if [[ -e "$out/$base.pto-isa.ok" ]]; then
    compiled=$((compiled + 1))
  else
    echo "FAILED [pto-isa] ptoas's $base.cpp: $(first_error "$out/$base.pto-isa.log" | sed "s|$out/||")"
    failed=$((failed + 1))
  fi
done < "$out/list"
echo "ptoas: accepted $accepted of $emitted"
echo "pto-isa: compiled $compiled of $to_compile (ptoas's C++)"
if [[ $emitted -lt 60 ]]; then
  echo "FAILED: only $emitted .pto emitted; expected the examples and the test kernels" >&2
  failed=$((failed + 1))
fi
echo "$name: ptoas accepted $accepted of $emitted, its C++ compiled $compiled of $to_compile ($((SECONDS - start)) s)"
[[ $failed -eq 0 ]]
