#!/bin/bash
# Command-line behaviour of ptoc and ptoc-sim that no other test pins:
#   - --list-passes ends with the default pipeline the driver really runs
#     (the one of passes/pass.cc, convert-tensor-to-tile-ops first), and
#     --help names no other;
#   - --pipe-sync-drop=N for a unit the plan does not have is a usage error
#     (exit 2, "no unit N: the plan has M", no output written) in ptoc and
#     ptoc-sim, while a unit it has is taken.
#
# Usage: cli_test.sh PTOC PTOC_SIM KERNEL (a kernel whose flags plan has
# units; examples/matmul_relu.py, entry mm_relu).
set -uo pipefail
ptoc="$1"; sim="$2"; kernel="$3"
tmp="$(mktemp -d "${TEST_TMPDIR:-/tmp}/cli.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# The default pipeline.
last="$("$ptoc" --list-passes | tail -1)"
[[ "$last" == "default pipeline: flatten-kernel-scopes,convert-tensor-to-tile-ops,lower-batch-matmul,lower-composite-ops,infer-tile-memory-space,canonicalize-tile-slice,expand-mixed-kernel,stamp-tfree-split,hoist-output-returns,insert-comm-fence,check-comm-contract,materialize-aiv-lanes" ]] ||
  fail "--list-passes ends with '$last'"
"$ptoc" --help | grep -q "Default: expand-mixed-kernel" && fail "--help names a stale default pipeline"

# How many units the plan has.
units="$("$ptoc" "$kernel" --pipe-sync=flags --emit=syncplan | grep -c '^  unit ')"
[[ "$units" -gt 0 ]] || fail "the plan of $kernel has no units"

# ptoc: a unit the plan lacks.
"$ptoc" "$kernel" --pipe-sync=flags --emit=cce --pipe-sync-drop="$units" -o "$tmp/out.cpp" 2>"$tmp/err"
rc=$?
[[ $rc -eq 2 ]] || fail "ptoc --pipe-sync-drop=$units exited $rc, not 2"
grep -q "no unit $units: the plan has $units" "$tmp/err" || fail "ptoc said: $(cat "$tmp/err")"
[[ -e "$tmp/out.cpp" ]] && fail "ptoc wrote an output for a usage error"
# ... and one it has.
"$ptoc" "$kernel" --pipe-sync=flags --emit=cce --pipe-sync-drop=0 -o "$tmp/out.cpp" ||
  fail "ptoc --pipe-sync-drop=0 failed"

# ptoc-sim, on the compiled program.
"$ptoc" "$kernel" --pipe-sync=flags --emit=pb -o "$tmp/k.pb" || fail "no .pb"
"$sim" "$tmp/k.pb" --entry=mm_relu --pipe-sync-drop="$units" >"$tmp/out" 2>"$tmp/err"
rc=$?
[[ $rc -eq 2 ]] || fail "ptoc-sim --pipe-sync-drop=$units exited $rc, not 2"
grep -q "no unit $units: the plan has $units" "$tmp/err" || fail "ptoc-sim said: $(cat "$tmp/err")"
"$sim" "$tmp/k.pb" --entry=mm_relu --pipe-sync-drop-wait="$((units + 5))" >"$tmp/out" 2>"$tmp/err"
rc=$?
[[ $rc -eq 2 ]] || fail "ptoc-sim --pipe-sync-drop-wait=$((units + 5)) exited $rc, not 2"
"$sim" "$tmp/k.pb" --entry=mm_relu --pipe-sync-drop=0 >"$tmp/out" 2>"$tmp/err"
rc=$?
[[ $rc -le 1 ]] || fail "ptoc-sim --pipe-sync-drop=0 exited $rc: $(cat "$tmp/err")"

# ptoc-sim on the source as written: the InCore kernel is not split, codegen
# has no plan for it, and a unit dropped from no plan is still a usage error.
"$sim" "$kernel" --entry=mm_relu --pipe-sync-drop=1 >"$tmp/out" 2>"$tmp/err"
rc=$?
[[ $rc -eq 2 ]] || fail "ptoc-sim --pipe-sync-drop=1 without a plan exited $rc, not 2"
grep -q "no unit 1: the plan has 0" "$tmp/err" || fail "ptoc-sim without a plan said: $(cat "$tmp/err")"

if [[ $failures -gt 0 ]]; then
  echo "cli_test: $failures failures"
  exit 1
fi
echo "cli_test: ptoc and ptoc-sim: default pipeline, --pipe-sync-drop of a missing unit (plan of $units units): ok"
