#!/usr/bin/env python3
"""The pipe-sync benchmarks of pipe-sync.md §6 (BENCHMARKS.md, "Pipe
synchronisation inside a core").

    testing/bench/pipe_sync_bench.py [--bazel-flag=F ...] [--no-build]
        [--sets=A,B,C] [--seeds=N] [--comm-seeds=N] [--quick] [OUT_DIR]

Builds `ptoc`, `ptoc-sim` and `gen_program` (-c opt), then for every kernel and mode:

1. `ptoc KERNEL --pipe-sync=MODE --emit=pb` (the default pipeline),
   `--emit=cce` (its wall time is "ptoc s": passes, planner and C++; the
   sync instructions of the C++ are counted: set_flag, wait_flag, pipe_barrier(PIPE_ALL),
   other pipe_barrier) and `--emit=syncplan` (units: pairs, same-pipe and
   PIPE_ALL barriers, widened / demoted / priming units, the most ids in
   use on one pipe pair of one function);
2. `ptoc-sim K.pb --cycles --report=json` with the kernel's entry, ranks
   and scalars: the `timing` object's makespan, cycles per lane (the
   largest over ranks) and the busiest pipe's busy %.

Modes: barrier-all and flags, timed. flags-unbounded and deps are not
implemented in ptoc and are written as n/a, never estimated. ptoas (set A):
barrier-all's `.pto` assembled by `ptoas --pto-level=level2
--enable-insert-sync` ($PTOAS, default /work/shared/tools/ptoas/ptoas); the
sync instructions of its C++ are counted, but it is not timed: ptoc-run-cpp
has no timing model and runs ptoc's own C++, not ptoas's.

Sets: A, the examples (pipe-sync.md §6); B, testing/mixed_program_generator
(entry `kernel`, n=3, 1 rank; seeds 1..200) and comm_program_generator (4
ranks, me=0, n=3; seeds 1..20: its programs are made for the passes'
property tests, not to run, and most spin until --max-steps, seconds
each), both backends, through gen_program; C, streaming kernels
of gen_stream.py (a2a3). A kernel whose compile or run fails, or whose run
reports findings, is counted and left out of the ratios.

Writes OUT_DIR/pipe_sync.tsv (default /tmp/ptoc-pipe-sync-$UID), and the
Markdown tables of BENCHMARKS.md to stdout.
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODES = ["barrier-all", "flags"]
# Statements one simulated schedule may run: a generated kernel that spins
# (a wait never satisfied) stops here, as a finding, instead of growing
# ptoc-sim to gigabytes.
MAX_STEPS = 200000
PTOAS = os.environ.get("PTOAS", "/work/shared/tools/ptoas/ptoas")

# Set A: (name, source, backend, entry, ranks, scalars), as examples/BUILD's
# ptoc_sim_test rules run them (plus the a5 builds of the three mixed
# kernels, and ring / reduce with 4 ranks as §6 asks).
SET_A = [
    ("matmul_relu", "examples/matmul_relu.py", "a2a3", "mm_relu", 1, []),
    ("matmul_relu", "examples/matmul_relu.py", "a5", "mm_relu", 1, []),
    ("attention_tile", "examples/attention_tile.py", "a2a3", "attention_tile", 1, []),
    ("attention_tile", "examples/attention_tile.py", "a5", "attention_tile", 1, []),
    ("v2c_handoff", "examples/v2c_handoff.py", "a2a3", "rope_score", 1, []),
    ("v2c_handoff", "examples/v2c_handoff.py", "a5", "rope_score", 1, []),
    ("ring_allreduce", "examples/ring_allreduce.py", "a2a3", "ring", 4, ["chunk_elems=64"]),
    ("mesh_barrier", "examples/mesh_barrier.py", "a2a3", "exchange", 8, []),
    ("reduce_to_root", "examples/reduce_to_root.py", "a2a3", "reduce_to_root", 4, []),
]


def set_c(quick):
    chunks = [8] if quick else [8, 64]
    sizes = [1, 16] if quick else [1, 4, 16, 32]
    for n in chunks:
        for kb in sizes:
            for op in ["relu", "add", "exp_add"]:
                for b in [1, 2, 3]:
                    yield (f"stream_{op}_n{n}_k{kb}_b{b}", (n, kb, op, b))


def first_error(stderr, default):
    """The diagnostic's first line (not its source line or caret)."""
    lines = stderr.strip().splitlines()
    for line in lines:
        if "error" in line:
            return re.sub(r"^\S*\.py:\d+:\d+: ", "", line).strip()[:110]
    return (lines[0] if lines else default)[:110]


def run(cmd, timeout=60):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(cmd, 124, "", f"timed out after {timeout} s")


def plan_counts(text):
    """Counts of `ptoc --emit=syncplan` output."""
    c = {"pairs": 0, "prime": 0, "same_pipe": 0, "pipe_all": 0, "widened": 0,
         "demoted": 0, "max_ids": 0}
    ids = {}
    for line in text.splitlines():
        if line.startswith("func "):
            if ids:
                c["max_ids"] = max(c["max_ids"], max(len(v) for v in ids.values()))
            ids = {}
            continue
        m = re.match(r"\s*unit \d+: (.*)", line)
        if not m:
            continue
        body = m.group(1)
        if "widen" in body:
            c["widened"] += 1
        if "demot" in body:
            c["demoted"] += 1
        if "prime" in body:
            c["prime"] += 1
        p = re.match(r"pair (PIPE_\w+) -> (PIPE_\w+) (EVENT_ID\d+)", body)
        if p:
            c["pairs"] += 1
            ids.setdefault((p.group(1), p.group(2)), set()).add(p.group(3))
        elif body.startswith("pipe_barrier(PIPE_ALL)"):
            c["pipe_all"] += 1
        elif body.startswith("pipe_barrier("):
            c["same_pipe"] += 1
    if ids:
        c["max_ids"] = max(c["max_ids"], max(len(v) for v in ids.values()))
    return c


def code_counts(cpp):
    """Sync instructions written in the emitted C++ (static counts)."""
    return {
        "set_flag": len(re.findall(r"\bset_flag\(", cpp)),
        "wait_flag": len(re.findall(r"\bwait_flag\(", cpp)),
        "cpp_pipe_all": len(re.findall(r"\bpipe_barrier\(PIPE_ALL\)", cpp)),
        "cpp_barrier": len(re.findall(r"\bpipe_barrier\(PIPE_(?!ALL)\w+\)", cpp)),
    }


def timing_of(report):
    t = report["timing"]
    lanes = {}
    busiest = (0.0, "")
    for lane in t["lanes"]:
        name = lane["lane"]
        lanes[name] = max(lanes.get(name, 0), lane["cycles"])
        for pipe, p in lane["pipes"].items():
            if p["busy_pct"] > busiest[0]:
                busiest = (p["busy_pct"], f"{name} {pipe}")
    working = max(
        (sum(1 for p in lane["pipes"].values() if p["busy"] > 0) for lane in t["lanes"]),
        default=0)
    return {"makespan": t["makespan"], "lanes": lanes, "busiest_pct": busiest[0],
            "busiest": busiest[1], "working_pipes": working}


class Bench:
    def __init__(self, bindir, out):
        self.ptoc = os.path.join(bindir, "driver", "ptoc")
        self.sim = os.path.join(bindir, "runtime", "ptoc_sim")
        self.out = out
        self.bindir = bindir

    def one(self, name, src, backend, entry, ranks, scalars, mode):
        tag = f"{name}.{backend}.{mode}"
        pb = os.path.join(self.out, "kernels", tag + ".pb")
        base = [self.ptoc, src, f"--backend={backend}", f"--pipe-sync={mode}"]
        r = run(base + ["--emit=pb", "-o", pb])
        row = {"kernel": name, "backend": backend, "mode": mode}
        if r.returncode != 0:
            row["error"] = "ptoc: " + first_error(r.stderr, "failed")
            return row
        start = time.perf_counter()
        cpp = run(base + ["--emit=cce"])
        row["ptoc_s"] = time.perf_counter() - start
        row.update(code_counts(cpp.stdout) if cpp.returncode == 0 else {})
        plan = run(base + ["--emit=syncplan"])
        if plan.returncode == 0:
            row.update(plan_counts(plan.stdout))
        sim = [self.sim, pb, f"--entry={entry}", f"--ranks={ranks}", "--cycles",
               "--report=json", f"--max-steps={MAX_STEPS}"] + [f"--scalar={s}" for s in scalars]
        r = run(sim)
        if r.returncode != 0 and "replay the --pipe-sync=flags plan" in r.stderr:
            # ptoc-sim times only a flags-mode plan: run the kernel untimed,
            # for its findings.
            row["not_timed"] = "yes"
            r = run([x for x in sim if x != "--cycles"])
        try:
            report = json.loads(r.stdout)
        except json.JSONDecodeError:
            row["error"] = "ptoc-sim: " + first_error(r.stderr, "no report")
            return row
        if "not_timed" in row:
            if r.returncode != 0:
                row["findings"] = "yes"
            return row
        if r.returncode != 0:
            row["findings"] = "yes"
        row.update(timing_of(report))
        return row

    def ptoas(self, name, src, backend):
        """The ptoas row: barrier-all's .pto through ptoas's InsertSync; the
        sync instructions of its C++ (not timed: see the module comment)."""
        row = {"kernel": name, "backend": backend, "mode": "ptoas"}
        if not os.access(PTOAS, os.X_OK):
            row["error"] = f"no {PTOAS}"
            return row
        tag = os.path.join(self.out, "kernels", f"{name}.{backend}.ptoas")
        r = run([self.ptoc, src, f"--backend={backend}", "--pipe-sync=barrier-all",
                 "--emit=pto", "-o", tag + ".pto"])
        if r.returncode != 0:
            row["error"] = "ptoc: " + first_error(r.stderr, "failed")
            return row
        arch = "a3" if backend == "a2a3" else backend
        r = run([PTOAS, f"--pto-arch={arch}", "--pto-level=level2", "--enable-insert-sync",
                 tag + ".pto", "-o", tag + ".cpp"])
        if r.returncode != 0:
            row["error"] = "ptoas: " + first_error(r.stderr, "failed")
            return row
        with open(tag + ".cpp") as f:
            row.update(code_counts(f.read()))
        return row


def fmt_lanes(lanes):
    return ", ".join(f"{k} {v}" for k, v in sorted(lanes.items()))


def table(rows, stream):
    by = {}
    for r in rows:
        by.setdefault((r["kernel"], r["backend"]), {})[r["mode"]] = r
    out = []
    if not stream:
        out.append("| kernel | backend | mode | makespan | cycles per lane | busiest pipe | "
                   "pairs | same-pipe barriers | PIPE_ALL (plan) | set / wait / PIPE_ALL / "
                   "other barrier in .cpp | most ids on a pipe pair | ptoc s |")
        out.append("|---|---|---|---|---|---|---|---|---|---|---|---|")
    else:
        out.append("| kernel | flags makespan | flags busiest pipe | flags pairs | "
                   "flags same-pipe barriers | PIPE_ALL in .cpp: barrier-all | flags |")
        out.append("|---|---|---|---|---|---|---|")
    for (k, b), modes in by.items():
        if stream:
            ba, fl = modes.get("barrier-all", {}), modes.get("flags", {})
            if "makespan" not in fl:
                out.append(f"| {k} | {fl.get('error') or ba.get('error')} | | | | | |")
                continue
            out.append(f"| {k} | {fl['makespan']} | {fl['busiest_pct']:.1f}% ({fl['busiest']}) | "
                       f"{fl.get('pairs', 0)} | {fl.get('same_pipe', 0)} | "
                       f"{ba.get('cpp_pipe_all', '')} | {fl.get('cpp_pipe_all', 0)} |")
            continue
            out.append(f"| {k} | {ba['makespan']} | {fl['makespan']} | "
                       f"{fl['makespan'] / ba['makespan']:.3f} | {fl['busiest_pct']:.1f}% "
                       f"({fl['busiest']}) | {fl.get('pairs', 0)} | {fl.get('cpp_pipe_all', 0)} |")
            continue
        for m in MODES:
            r = modes.get(m)
            if r is None:
                continue
            if "error" in r:
                out.append(f"| {k} | {b} | {m} | {r['error']} | | | | | | | | |")
                continue
            timed = "makespan" in r
            out.append(
                f"| {k} | {b} | {m} | {r['makespan'] if timed else 'not timed'} | "
                f"{fmt_lanes(r['lanes']) if timed else ''} | "
                + (f"{r['busiest_pct']:.1f}% ({r['busiest']})" if timed else "") + " | "
                f"{r.get('pairs', 0)} | "
                f"{r.get('same_pipe', 0)} | {r.get('pipe_all', 0)} | "
                f"{r.get('set_flag', 0)} / {r.get('wait_flag', 0)} / "
                f"{r.get('cpp_pipe_all', 0)} / {r.get('cpp_barrier', 0)} | "
                f"{r.get('max_ids', 0)} | {r['ptoc_s']:.2f} |")
        for m in ["flags-unbounded", "deps"]:
            out.append(f"| {k} | {b} | {m} | n/a | | | | | | | | |")
        r = modes.get("ptoas")
        if r is not None and "error" in r:
            out.append(f"| {k} | {b} | ptoas | n/a ({r['error']}) | | | | | | | | |")
        elif r is not None:
            out.append(f"| {k} | {b} | ptoas | n/a | | | | | | "
                       f"{r['set_flag']} / {r['wait_flag']} / {r['cpp_pipe_all']} / "
                       f"{r['cpp_barrier']} | | |")
    return "\n".join(out)


def verdicts(rows):
    """The first §6 target: flags <= barrier-all everywhere, strictly less
    where two pipes of one lane do work (in the flags run). A kernel counts
    when both modes compiled and ran clean."""
    by = {}
    for r in rows:
        if r["mode"] in MODES:
            by.setdefault(r["set"], {}).setdefault((r["kernel"], r["backend"]), {})[r["mode"]] = r
    lines = ["| set | kernels | flags timed clean | barrier-all timed | PIPE_ALL in .cpp: "
             "barrier-all / flags | set_flag in .cpp (flags) | geomean flags / barrier-all "
             "makespan | best | worst | flags slower | equal with two pipes working |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    notes = []
    for s in sorted(by):
        ratios, worse, not_less, failed = [], [], [], []
        fl_ok = ba_timed = all_ba = all_fl = sets_fl = 0
        for (k, b), m in by[s].items():
            ba, fl = m.get("barrier-all", {}), m.get("flags", {})
            fl_ok += "makespan" in fl and "findings" not in fl
            ba_timed += "makespan" in ba
            if "cpp_pipe_all" in ba and "cpp_pipe_all" in fl:
                all_ba += ba["cpp_pipe_all"]
                all_fl += fl["cpp_pipe_all"]
                sets_fl += fl["set_flag"]
            bad = [x for x in (ba, fl) if "makespan" not in x or "findings" in x]
            if bad:
                x = bad[0]
                failed.append((k, b, x.get("error") or (
                    f"ptoc-sim findings ({x['mode']})" if "findings" in x else
                    f"{x['mode']} not timed")))
                continue
            ratio = fl["makespan"] / ba["makespan"]
            ratios.append((ratio, f"{k} ({b})"))
            if ratio > 1:
                worse.append(f"{k} ({b}) {ratio:.3f}")
            elif ratio == 1 and fl["working_pipes"] >= 2:
                not_less.append(f"{k} ({b})")
        if ratios:
            g = math.exp(sum(math.log(x) for x, _ in ratios) / len(ratios))
            lines.append(f"| {s} | {len(by[s])} | {fl_ok} | {ba_timed} | {all_ba} / {all_fl} | "
                         f"{sets_fl} | {g:.3f} | {min(ratios)[0]:.3f} | {max(ratios)[0]:.3f} | "
                         f"{len(worse)} | {len(not_less)} |")
            top = sorted(ratios, reverse=True)[:5]
            notes.append(f"- set {s}, the 5 worst flags / barrier-all: "
                         + "; ".join(f"{n} {x:.3f}" for x, n in top))
        else:
            lines.append(f"| {s} | {len(by[s])} | {fl_ok} | {ba_timed} | {all_ba} / {all_fl} | "
                         f"{sets_fl} | n/a | | | | |")
        if worse:
            notes.append(f"- set {s}, flags slower: " + "; ".join(worse[:10])
                         + (" ..." if len(worse) > 10 else ""))
        if not_less:
            notes.append(f"- set {s}, equal although two pipes work: " + "; ".join(not_less[:10])
                         + (" ..." if len(not_less) > 10 else ""))
        if failed:
            reasons = {}
            for _, _, why in failed:
                key = re.sub(r"[^:]*\.py:\d+:\d+: ", "", why)[:90]
                reasons[key] = reasons.get(key, 0) + 1
            notes.append(f"- set {s}, no ratio: {len(failed)} ("
                         + "; ".join(f"{n}x {w}" for w, n in sorted(reasons.items(),
                                                                    key=lambda x: -x[1])[:5])
                         + ")")
    return "\n".join(lines) + "\n\n" + "\n".join(notes)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", default=f"/tmp/ptoc-pipe-sync-{os.getuid()}")
    ap.add_argument("--bazel-flag", action="append", default=[],
                    help="passed to bazel build (e.g. --disk_cache=DIR)")
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--sets", default="A,B,C")
    ap.add_argument("--seeds", type=int, default=200, help="set B, mixed: seeds 1..N")
    ap.add_argument("--comm-seeds", type=int, default=20, help="set B, comm: seeds 1..N")
    ap.add_argument("--quick", action="store_true", help="set C: 8 chunks, 1 and 16 KB")
    args = ap.parse_args()
    os.chdir(REPO)
    os.makedirs(os.path.join(args.out, "kernels"), exist_ok=True)
    if not args.no_build:
        subprocess.run(["bazel", "build", "-c", "opt"] + args.bazel_flag +
                       ["//driver:ptoc", "//runtime:ptoc_sim", "//testing/bench:gen_program"], check=True,
                       stdout=sys.stderr)
    bench = Bench(os.path.join(REPO, "bazel-out", "k8-opt", "bin"), args.out)
    sets = args.sets.split(",")
    rows = []
    if "A" in sets:
        for name, src, backend, entry, ranks, scalars in SET_A:
            for mode in MODES:
                r = bench.one(name, src, backend, entry, ranks, scalars, mode)
                r["set"] = "A"
                rows.append(r)
            r = bench.ptoas(name, src, backend)
            r["set"] = "A"
            rows.append(r)
    if "B" in sets:
        gen = os.path.join(bench.bindir, "testing", "bench", "gen_program")
        for kind, ranks, scalars, seeds in [("mixed", 1, ["n=3"], args.seeds),
                                            ("comm", 4, ["me=0", "n=3"], args.comm_seeds)]:
            for seed in range(1, seeds + 1):
                name = f"{kind}_{seed}"
                src = os.path.join(args.out, "kernels", name + ".py")
                with open(src, "w") as f:
                    subprocess.run([gen, kind, str(seed)], check=True, stdout=f)
                for backend in ["a2a3", "a5"]:
                    for mode in MODES:
                        r = bench.one(name, src, backend, "kernel", ranks, scalars, mode)
                        r["set"] = "B"
                        rows.append(r)
    if "C" in sets:
        for name, (n, kb, op, b) in set_c(args.quick):
            src = os.path.join(args.out, "kernels", name + ".py")
            subprocess.run([sys.executable, "testing/bench/gen_stream.py", f"--chunks={n}",
                            f"--tile-kb={kb}", f"--op={op}", f"--buffers={b}", "-o", src],
                           check=True)
            for mode in MODES:
                r = bench.one(name, src, "a2a3", "stream", 1, [], mode)
                r["set"] = "C"
                rows.append(r)
    keys = ["set", "kernel", "backend", "mode", "error", "findings", "not_timed", "makespan", "lanes",
            "busiest_pct", "busiest", "working_pipes", "pairs", "prime", "same_pipe",
            "pipe_all", "widened", "demoted", "max_ids", "set_flag", "wait_flag",
            "cpp_pipe_all", "cpp_barrier", "ptoc_s"]
    with open(os.path.join(args.out, "pipe_sync.tsv"), "w") as f:
        f.write("\t".join(keys) + "\n")
        for r in rows:
            f.write("\t".join(str(r.get(k, "")) for k in keys) + "\n")
    if "A" in sets:
        print("### Set A: the examples\n")
        print(table([r for r in rows if r["set"] == "A"], stream=False) + "\n")
    if "C" in sets:
        print("### Set C: streaming (gen_stream.py, a2a3)\n")
        print(table([r for r in rows if r["set"] == "C"], stream=True) + "\n")
    print("### flags against barrier-all\n")
    print(verdicts(rows))


if __name__ == "__main__":
    main()
