#!/bin/bash
# The timing model's outputs (pipe-sync.md §5.4): for kernels on both
# backends, `ptoc-sim --timeline=FILE.json` writes a Chrome trace that a
# JSON parser loads and whose events follow the schema (metadata, complete
# events, paired flow arrows), byte-identical on a second run; `--cycles
# --report=json` gives the `timing` object; `--cost-table` overrides the
# built-in table, and a malformed one is a `file:line:col: error:`;
# `--timeline-unit=us` and `--timeline-limit`; an unknown variable in a formula
# is a located error; under 1C:2V every AIV lane pairs its own FIFO transfers
# with the cube's; barrier-all, flags-unbounded and --pipe-sync-model=deps
# are timed.
# usage: timing_test.sh PTOC PTOC_SIM
set -uo pipefail
ptoc="$1"
sim="$2"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
failed=0 checked=0
fail() { echo "FAILED: $*"; failed=$((failed + 1)); }

validate() {  # FILE.json: the trace schema
  python3 - "$1" <<'EOF'
import json, sys
trace = json.load(open(sys.argv[1]))
assert set(trace) == {"traceEvents", "displayTimeUnit", "otherData"}, sorted(trace)
assert trace["displayTimeUnit"] == "ns"
other = trace["otherData"]
assert other["unit"] == "cycle" and other["clock_hz"] == 1850000000, other
assert other["pipe_sync"] == "flags" and other["cost_model"] == "pto-isa", other
assert other["backend"] in ("a2a3", "a5"), other
events = trace["traceEvents"]
named, flows, keys = set(), {}, []
for e in events:
    assert e["ph"] in ("M", "X", "s", "f"), e
    assert isinstance(e["pid"], int) and isinstance(e["tid"], int), e
    if e["ph"] == "M":
        assert e["name"] in ("process_name", "thread_name", "thread_sort_index"), e
        assert isinstance(e["args"], dict), e
        if e["name"] == "thread_name":
            named.add((e["pid"], e["tid"]))
        keys.append((e["pid"], e["tid"], 0, 0))
        continue
    assert isinstance(e["ts"], int) and e["ts"] >= 0, e
    assert (e["pid"], e["tid"]) in named, ("no thread_name", e)
    keys.append((e["pid"], e["tid"], 1, e["ts"]))
    if e["ph"] == "X":
        assert isinstance(e["dur"], int) and e["dur"] >= 0, e
        assert e["cat"] in ("op", "stall") and e["name"], e
        assert "loc" in e["args"], e
    else:
        assert e["cat"] in ("flag", "fifo", "free", "signal", "syncall"), e
        if e["ph"] == "f":
            assert e["bp"] == "e", e
        flows.setdefault(e["id"], []).append(e["ph"])
assert keys == sorted(keys), "events are not sorted by (pid, tid, ts)"
assert all(sorted(p) == ["f", "s"] for p in flows.values()), flows
assert any(e["ph"] == "X" and e["cat"] == "op" for e in events)
print(len(events), "events,", len(flows), "flows")
EOF
}

# kernel | ptoc flags | ptoc-sim flags | the kinds of arrows the trace must have
runs=(
  "examples/matmul_relu.py||--entry=mm_relu|flag fifo"
  "examples/ring_allreduce.py||--entry=ring --ranks=4 --scalar chunk_elems=64|flag signal"
  "codegen/testdata/pipe_sync/03_loop_single_buffer.py|--passes=|--entry=k|flag"
)
for row in "${runs[@]}"; do
  IFS='|' read -r kernel flags sim_flags cats <<< "$row"
  for backend in a2a3 a5; do
    name="$kernel ($backend)"
    # shellcheck disable=SC2086
    "$ptoc" "$kernel" $flags --backend="$backend" --pipe-sync=flags --emit=pb -o "$tmp/k.pb" ||
      { fail "$name: ptoc"; continue; }
    # shellcheck disable=SC2086
    "$sim" "$tmp/k.pb" $sim_flags --timeline="$tmp/a.json" > /dev/null || { fail "$name: run"; continue; }
    # shellcheck disable=SC2086
    "$sim" "$tmp/k.pb" $sim_flags --timeline="$tmp/b.json" > /dev/null
    cmp -s "$tmp/a.json" "$tmp/b.json" || fail "$name: the timeline differs between two runs"
    out="$(validate "$tmp/a.json" 2>&1)" || { fail "$name: schema: $out"; continue; }
    for cat in $cats; do
      grep -q "\"ph\": \"f\", \"bp\": \"e\", .*\"cat\": \"$cat\"" "$tmp/a.json" ||
        fail "$name: no $cat arrow in the timeline"
    done
    echo "ok: $name timeline: $out"
    # shellcheck disable=SC2086
    "$sim" "$tmp/k.pb" $sim_flags --cycles --report=json > "$tmp/r.json" || fail "$name: --cycles"
    python3 - "$tmp/r.json" <<'EOF' || fail "$name: the timing object"
import json, sys
t = json.load(open(sys.argv[1]))["timing"]
assert t["clock_hz"] == 1850000000 and t["cost_model"] == "pto-isa" and t["pipe_sync"] == "flags"
assert t["makespan"] > 0 and t["lanes"], t
for lane in t["lanes"]:
    assert set(lane) == {"rank", "lane", "cycles", "pipes", "stalls"}, lane
    assert 0 < lane["cycles"] <= t["makespan"], lane
    for p, v in lane["pipes"].items():
        assert p.startswith("PIPE_") and 0 < v["busy"] <= lane["cycles"], (p, v)
        assert abs(v["busy_pct"] - 100.0 * v["busy"] / lane["cycles"]) < 0.1, v
path = t["critical_path"]
assert path and path[-1]["end"] == t["makespan"], path[-1:]
for step in path:
    assert set(step) == {"rank", "lane", "pipe", "op", "loc", "start", "end", "cause"}, step
    assert step["start"] <= step["end"], step
assert all(a["end"] <= b["start"] for a, b in zip(path, path[1:])), "path out of order"
EOF
    checked=$((checked + 1))
  done
done

# 1C:2V (dual-aiv.md): each AIV lane's k-th FIFO transfer is the slot's k-th,
# so both lanes' pops wait for the cube's push (matmul_relu on a2a3: AIV1
# replays the pipe protocol; split_attention: both lanes work) and the
# cube's V2C pop waits for the pushes of both lanes (split_attention).
# kernel | backend | entry | AIC pops with both lanes' pushes | AIV0 = AIV1 cycles
dual=(
  "examples/matmul_relu.py|a2a3|mm_relu|0|0"
  "examples/split_attention.py|a2a3|split_attention|1|1"
  "examples/split_attention.py|a5|split_attention|1|1"
)
for row in "${dual[@]}"; do
  IFS='|' read -r kernel backend entry joined equal <<< "$row"
  name="$kernel ($backend, 1C:2V)"
  "$ptoc" "$kernel" --backend="$backend" --pipe-sync=flags --emit=pb -o "$tmp/d.pb" ||
    { fail "$name: ptoc"; continue; }
  "$sim" "$tmp/d.pb" --entry="$entry" --timeline="$tmp/d.json" --cycles --report=json \
    > "$tmp/d.report.json" || { fail "$name: run"; continue; }
  python3 - "$tmp/d.json" "$tmp/d.report.json" "$joined" "$equal" <<'EOF' || fail "$name: FIFO timing per lane"
import json, sys
trace = json.load(open(sys.argv[1]))["traceEvents"]
timing = json.load(open(sys.argv[2]))["timing"]
joined, equal = sys.argv[3] == "1", sys.argv[4] == "1"
threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in trace
           if e["ph"] == "M" and e["name"] == "thread_name"}
ops = {(e["pid"], e["tid"], e["ts"]): e for e in trace if e["ph"] == "X" and e["cat"] == "op"}
src, dst = {}, {}
for e in trace:
    if e["ph"] in ("s", "f") and e["cat"] == "fifo":
        (src if e["ph"] == "s" else dst)[e["id"]] = ops[(e["pid"], e["tid"], e["ts"])], e
into = {}
for i, (push, s) in src.items():
    pop, f = dst[i]
    # The pop starts no earlier than the push's end plus fifo_signal.
    assert pop["ts"] >= push["ts"] + push["dur"] + 60, (push, pop)
    lane = threads[(f["pid"], f["tid"])].split()[0]
    into.setdefault((lane, pop["ts"]), []).append(threads[(s["pid"], s["tid"])].split()[0])
pops = {lane for lane, _ in into}
assert {"AIV0", "AIV1"} <= pops, into
if joined:
    aic = [sorted(v) for (lane, _), v in into.items() if lane == "AIC"]
    assert aic and all(v == ["AIV0", "AIV1"] for v in aic), into
first = {lane: min(ts for l, ts in into if l == lane) for lane in ("AIV0", "AIV1")}
assert first["AIV0"] == first["AIV1"], first  # both pop the cube's first push
cycles = {l["lane"].split()[0]: l["cycles"] for l in timing["lanes"]}
assert set(cycles) == {"AIC", "AIV0", "AIV1"}, cycles
if equal:
    assert cycles["AIV0"] == cycles["AIV1"], cycles
assert cycles["AIV1"] > first["AIV1"], cycles
EOF
  checked=$((checked + 1))
done

# The modes of pipe-sync.md §6: a barrier-all program is timed (its
# barriers are units of a plan); flags-unbounded (no widening) runs clean
# and flags is within 10% of it; --pipe-sync-model=deps issues no sync
# instruction of the plan and is no slower than any plan.
for kernel in codegen/testdata/pipe_sync/18_widening.py \
    codegen/testdata/pipe_sync/03_loop_single_buffer.py; do
  for mode in barrier-all flags flags-unbounded; do
    "$ptoc" "$kernel" --passes= --pipe-sync="$mode" --emit=pb -o "$tmp/$mode.pb" ||
      { fail "$kernel: ptoc --pipe-sync=$mode"; continue; }
    "$sim" "$tmp/$mode.pb" --entry=k --cycles --report=json --timeline="$tmp/$mode.json" \
      > "$tmp/$mode.report.json" || fail "$kernel: ptoc-sim, $mode: not clean"
  done
  "$sim" "$tmp/flags.pb" --entry=k --cycles --report=json --pipe-sync-model=deps \
    --timeline="$tmp/deps.json" > "$tmp/deps.report.json" || fail "$kernel: deps"
  python3 - "$tmp" <<'EOF' || fail "$kernel: the modes"
import json, sys
d = sys.argv[1]
span = {}
for mode in ("barrier-all", "flags", "flags-unbounded", "deps"):
    t = json.load(open(f"{d}/{mode}.report.json"))["timing"]
    assert t["pipe_sync"] == mode, (mode, t["pipe_sync"])
    span[mode] = t["makespan"]
    ops = [e for e in json.load(open(f"{d}/{mode}.json"))["traceEvents"]
           if e["ph"] == "X" and e["cat"] == "op"]
    sync = [e for e in ops if e["name"].startswith(("set_flag", "wait_flag", "pipe_barrier"))]
    if mode == "deps":
        assert not sync, sync[:3]
    elif mode == "barrier-all":
        # Barriers only, each a unit of the plan: PIPE_ALL, and a same-pipe
        # pipe_barrier(P) where one pipelined pipe conflicts with itself.
        assert sync and all(e["name"].startswith("pipe_barrier(") and e["args"]["unit"] >= 0
                            for e in sync), sync[:3]
        assert any(e["name"] == "pipe_barrier(PIPE_ALL)" for e in sync), sync[:3]
    else:
        assert any(e["name"].startswith("set_flag") for e in sync), mode
assert span["deps"] <= min(span["barrier-all"], span["flags"], span["flags-unbounded"]), span
# Issue takes its cycle before an instruction reaches its queue (§5.3): the
# first op starts at cycle 1, and an op issued after a PIPE_ALL drain starts
# one cycle after the barrier ends.
path = json.load(open(f"{d}/barrier-all.report.json"))["timing"]["critical_path"]
assert path[0]["start"] == 1, path[0]
after = [(a, b) for a, b in zip(path, path[1:])
         if a["op"] == "pipe_barrier(PIPE_ALL)" and b["cause"] == "issue"]
assert after and all(b["start"] == a["end"] + 1 for a, b in after), after[:3]
# Widening spreads the ids (sync_plan_widen.cc): at most 10% above
# unlimited ids, and it may come out below them (fewer sync instructions).
assert span["flags"] <= 1.10 * span["flags-unbounded"], span
print(span)
EOF
  checked=$((checked + 1))
done
"$sim" "$tmp/flags.pb" --entry=k --cycles --pipe-sync-model=none > /dev/null 2>&1
[[ $? -eq 2 ]] || fail "--pipe-sync-model=none is not a usage error"

# --cost-table: a slower load moves the makespan; a malformed table is an error.
"$ptoc" examples/matmul_relu.py --pipe-sync=flags --emit=pb -o "$tmp/mm.pb"
base="$("$sim" "$tmp/mm.pb" --entry=mm_relu --cycles | grep -oE "makespan: [0-9]+")"
sed -E 's/^TLOAD.Mat = .*/TLOAD.Mat = 10000/' runtime/cost/a2a3.costs > "$tmp/slow.costs"
slow="$("$sim" "$tmp/mm.pb" --entry=mm_relu --cycles --cost-table="$tmp/slow.costs" |
        grep -oE "makespan: [0-9]+")"
[[ "${slow#makespan: }" -gt $(( ${base#makespan:} + 10000 )) ]] ||
  fail "--cost-table: $base with the built-in table, $slow with TLOAD.Mat = 10000"
# A queue of one instruction stalls issue.
sed -E 's/^queue_depth = .*/queue_depth = 1/' runtime/cost/a2a3.costs > "$tmp/q1.costs"
"$sim" "$tmp/mm.pb" --entry=mm_relu --cycles --cost-table="$tmp/q1.costs" |
  grep -qE "issue stalled [0-9]+ cycles: queue full" || fail "queue_depth = 1: no queue-full stall"

# --timeline-unit=us: microseconds at clock_hz; --timeline-limit: a marker.
"$sim" "$tmp/mm.pb" --entry=mm_relu --timeline="$tmp/us.json" --timeline-unit=us > /dev/null ||
  fail "--timeline-unit=us"
python3 - "$tmp/us.json" "${base#makespan: }" <<'EOF' || fail "--timeline-unit=us: the trace"
import json, sys
trace = json.load(open(sys.argv[1]))
assert trace["otherData"]["unit"] == "us", trace["otherData"]
end = max(e["ts"] + e.get("dur", 0) for e in trace["traceEvents"] if e["ph"] == "X")
assert abs(end - int(sys.argv[2]) * 1e6 / 1850000000) < 1e-3, end
EOF
"$sim" "$tmp/mm.pb" --entry=mm_relu --timeline="$tmp/cut.json" --timeline-limit=10 > /dev/null ||
  fail "--timeline-limit"
python3 - "$tmp/cut.json" <<'EOF' || fail "--timeline-limit: the trace"
import json, sys
events = json.load(open(sys.argv[1]))["traceEvents"]
assert len(events) == 11 and events[-1]["ph"] == "i", events[-1]
assert "truncated at --timeline-limit=10" in events[-1]["name"], events[-1]
EOF
"$sim" "$tmp/mm.pb" --entry=mm_relu --timeline="$tmp/x.json" --timeline-unit=ns 2> /dev/null
[[ $? -eq 2 ]] || fail "--timeline-unit=ns is not a usage error"

printf 'sync = 1\nTADD = 2 * (R + \n' > "$tmp/bad.costs"
err="$("$sim" "$tmp/mm.pb" --entry=mm_relu --cycles --cost-table="$tmp/bad.costs" 2>&1)"
status=$?
[[ $status -eq 1 && "$err" == *"bad.costs:2:"*": error: "*"TADD"* ]] ||
  fail "a malformed cost table: exit $status, '$err'"
# A name the timing model never binds is an error at its column, not a 0.
printf 'sync = 1\nTADD = 10 + Q * R\n' > "$tmp/unknown.costs"
err="$("$sim" "$tmp/mm.pb" --entry=mm_relu --cycles --cost-table="$tmp/unknown.costs" 2>&1)"
status=$?
[[ $status -eq 1 && "$err" == *"unknown.costs:2:13: error: unknown variable 'Q'"*"TADD"* ]] ||
  fail "an unknown variable in a cost table: exit $status, '$err'"
# Hostile tables: a cost beyond any op is clamped (the run completes), and
# nesting deeper than the parser's bound is an error, not a stack overflow.
big="1$(printf '0%.0s' $(seq 300))"  # 10^300
sed -E "s/^TLOAD.Mat = .*/TLOAD.Mat = $big * $big - $big * $big/" runtime/cost/a2a3.costs > "$tmp/nan.costs"
"$sim" "$tmp/mm.pb" --entry=mm_relu --cycles --cost-table="$tmp/nan.costs" > /dev/null ||
  fail "a NaN cost: exit $?"
sed -E "s/^TLOAD.Mat = .*/TLOAD.Mat = $big * $big/" runtime/cost/a2a3.costs > "$tmp/inf.costs"
"$sim" "$tmp/mm.pb" --entry=mm_relu --cycles --cost-table="$tmp/inf.costs" |
  grep -qE "makespan: [0-9]{10}" || fail "an infinite cost is not clamped to 10^9 cycles"
{ echo "sync = 1"; printf 'TADD = '; printf '(%.0s' $(seq 5000); echo 1; } > "$tmp/deep.costs"
err="$("$sim" "$tmp/mm.pb" --entry=mm_relu --cycles --cost-table="$tmp/deep.costs" 2>&1)"
status=$?
[[ $status -eq 1 && "$err" == *"deep.costs:2:"*"nested too deeply"* ]] ||
  fail "a deeply nested formula: exit $status, '${err:0:200}'"
echo "timing_test: $checked kernel builds checked, $failed failures"
[[ $failed -eq 0 && $checked -gt 0 ]]
