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
# usage: plan_fallback_test.sh PTOC GEN_LARGE_KERNEL_PY TEST_31_PY
set -uo pipefail
ptoc="$1"
gen="$2"
kernel31="$3"
tmp="${TEST_TMPDIR:-/tmp}/plan_fallback"
rm -rf "$tmp" && mkdir -p "$tmp"
python3 "$gen" --statements=2000 --functions=4 -o "$tmp/wide.py" 2>/dev/null ||
  { echo "FAILED: gen_large_kernel.py"; exit 1; }
plan="$("$ptoc" "$tmp/wide.py" --backend=a5 --emit=syncplan)" || { echo "FAILED: ptoc"; exit 1; }
functions="$(grep -c "^func " <<< "$plan")"
clean="$(grep -cE "^  check: ([0-9]+) of \1 executions, clean$" <<< "$plan")"
drains="$(grep -c "(loop end)$" <<< "$plan")"
fell_back="$(grep -c "^  planner: .*every loop body ends drained: the check did not finish within its budget (" <<< "$plan")"
stopped="$(grep -c "^  planner: .*units removed by the sweep, which stopped at its budget" <<< "$plan")"
echo "plan_fallback_test: $functions functions, $clean checked clean on every execution, $fell_back fell back, $stopped swept until the budget ran out, $drains loop-end units"
[[ "$drains" -gt 0 && "$fell_back" -gt 0 ]] ||
  { echo "FAILED: no function fell back; the test no longer covers it"; exit 1; }
[[ "$stopped" -gt 0 ]] ||
  { echo "FAILED: no sweep stopped at its budget; the test no longer covers it"; exit 1; }

# When loops end drained, only the reverse pairs carried by a loop go: the
# one that orders a carried pair's next set after its wait inside one
# iteration (the pair around the `if` below, test 30's shape) must stay.
# 80 copies of test 31's kernel with that loop in front: the file's
# allowance is spread thin, so each falls back. Once, the drained plans
# kept a flag reuse race there ((PIPE_V, PIPE_MTE2) set before its
# previous wait), unrepaired because the budget was spent.
python3 - "$kernel31" > "$tmp/many.py" <<'PY' || { echo "FAILED: generating many.py"; exit 1; }
import re, sys
src = open(sys.argv[1]).read()
src = src[src.index("import "):src.index("\n# PLAN")]
head, fn = src.split("    @pl.function", 1)
fn = "    @pl.function" + fn.replace(
    "        n: pl.Scalar[pl.INDEX],\n",
    "        n: pl.Scalar[pl.INDEX],\n        y: pl.Out[pl.Tensor[[1, 64], pl.FP32]],\n", 1)
lead = ("        for j in pl.range(n):\n            if j != 3:\n"
        "                t: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [1, 64])\n"
        "                u: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.exp(t)\n"
        "                pl.tile.store(u, [0, 0], y)\n")
fn = fn.replace("    ):\n", "    ):\n" + lead, 1)
print(head + "\n".join(re.sub(r"def kernel0\(", "def kernel%d(" % k, fn) for k in range(80)))
PY
many="$("$ptoc" "$tmp/many.py" --backend=a5 --emit=syncplan)" || { echo "FAILED: ptoc on many.py"; exit 1; }
many_fell="$(grep -c "every loop body ends drained" <<< "$many")"
many_findings="$(grep -c "finding:" <<< "$many")"
echo "plan_fallback_test: 80 copies: $many_fell functions fell back, $many_findings findings"
[[ "$many_fell" -gt 0 && "$many_findings" -eq 0 ]] ||
  { echo "FAILED:"; grep -E "finding:" <<< "$many" | head -5; exit 1; }
[[ "$functions" -eq 8 && "$clean" -eq "$functions" ]] ||
  { echo "FAILED:"; grep -E "^func |check:|finding:" <<< "$plan" | head -20; exit 1; }
