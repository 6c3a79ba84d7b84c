#!/bin/bash
# The planner's fallback (pipe-sync.md §3.3, sync_plan_sweep.cc Sweep): a
# kernel whose check runs past its budget (SyncPlanner::CheckBudget: a share
# of a per-file allowance and 10 units of work per recorded item) ends every
# loop iteration drained, is then checked again while the budget lasts and
# repaired, so what the forward plan got wrong outside its loops is not
# emitted; a sweep past the budget keeps the units it has not tried. On
# gen_large_kernel.py's wide kernel (4 functions of 500 statements, a5)
# both happen, `--emit=syncplan` says so, and every plan is clean under
# the check (kernel1_aiv's used to keep a flag reuse
# race: (PIPE_S, PIPE_MTE2, EVENT_ID3) set before its previous wait).
# usage: plan_fallback_test.sh PTOC GEN_LARGE_KERNEL_PY
set -uo pipefail
ptoc="$1"
gen="$2"
tmp="${TEST_TMPDIR:-/tmp}/plan_fallback"
rm -rf "$tmp" && mkdir -p "$tmp"
python3 "$gen" --statements=2000 --functions=4 -o "$tmp/wide.py" 2>/dev/null ||
  { echo "FAILED: gen_large_kernel.py"; exit 1; }
plan="$("$ptoc" "$tmp/wide.py" --backend=a5 --emit=syncplan)" || { echo "FAILED: ptoc"; exit 1; }
functions="$(grep -c "^func " <<< "$plan")"
clean="$(grep -cE "^  check: ([0-9]+) of \1 executions, clean$" <<< "$plan")"
drains="$(grep -c "(loop end)$" <<< "$plan")"
fell_back="$(grep -c "^  planner: .*ran past its budget.*every loop body ends drained$" <<< "$plan")"
stopped="$(grep -c "^  planner: .*units removed by the sweep, which stopped at its budget" <<< "$plan")"
echo "plan_fallback_test: $functions functions, $clean checked clean on every execution, $fell_back fell back, $stopped swept until the budget ran out, $drains loop-end units"
[[ "$drains" -gt 0 && "$fell_back" -gt 0 ]] ||
  { echo "FAILED: no function fell back; the test no longer covers it"; exit 1; }
[[ "$stopped" -gt 0 ]] ||
  { echo "FAILED: no sweep stopped at its budget; the test no longer covers it"; exit 1; }
[[ "$functions" -eq 8 && "$clean" -eq "$functions" ]] ||
  { echo "FAILED:"; grep -E "^func |check:|finding:" <<< "$plan" | head -20; exit 1; }
