#!/bin/bash
# The planner's fallback (pipe-sync.md §3.3, sync_plan_check.cc Sweep): a
# function whose check runs past its budget ends every loop iteration
# drained, and is then checked again and repaired, so what the forward
# plan got wrong outside its loops is not emitted. On gen_large_kernel.py's
# wide kernel (4 functions of 500 statements, a5) the fallback is taken,
# and kernel1_aiv's plan used to keep a flag reuse race
# ((PIPE_S, PIPE_MTE2, EVENT_ID3) set before its previous wait).
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
echo "plan_fallback_test: $functions functions, $clean checked clean on every execution, $drains loop-end units"
[[ "$drains" -gt 0 ]] || { echo "FAILED: no function fell back; the test no longer covers it"; exit 1; }
[[ "$functions" -eq 8 && "$clean" -eq "$functions" ]] ||
  { echo "FAILED:"; grep -E "^func |check:|finding:" <<< "$plan" | head -20; exit 1; }
