#!/usr/bin/env python3
"""The pipe-sync benchmarks of pipe-sync.md §6 (BENCHMARKS.md, "Pipe
synchronisation inside a core").

    testing/bench/pipe_sync_bench.py [--bazel-flag=F ...] [--no-build]
        [--sets=A,B,C,D,E,F] [--seeds=N] [--comm-seeds=N] [--quick]
        [--scale=N,...] [OUT_DIR]

Builds `ptoc`, `ptoc-sim`, `ptoc-run-cpp` and `gen_program` (-c opt), then for every
kernel and mode:

1. `ptoc KERNEL --pipe-sync=MODE --emit=pb` (the default pipeline),
   `--emit=cce --time-passes` (its wall time is "ptoc s", and its
   --time-passes report gives the planner's seconds and ptoc's total; the
   sync instructions of the C++ are counted: set_flag, wait_flag,
   pipe_barrier(PIPE_ALL), other pipe_barrier) and `--emit=syncplan`
   (units: pairs, same-pipe and PIPE_ALL barriers, widened / demoted /
   priming units, the most ids in use on one pipe pair of one function);
2. `ptoc-sim K.pb --cycles --report=json` with the kernel's entry, ranks
   and scalars: the `timing` object's makespan, cycles per lane (the
   largest over ranks) and the busiest pipe's busy %.

Modes, all timed: barrier-all (today's PIPE_ALL rule, recorded as a plan),
flags, flags-unbounded (flags with unlimited event ids: no widening, no
demotion) and deps (the flags .pb run with `ptoc-sim
--pipe-sync-model=deps`: only the true dependences between a lane's
machine ops, no sync instruction: the lower bound). ptoas (the sets of
--ptoas-sets, default A, C, D, E): barrier-all's `.pto` assembled by `ptoas
--pto-level=level2 --enable-insert-sync` ($PTOAS, default
/work/shared/tools/ptoas/ptoas), its C++ compiled ($CXX, default g++) against
runtime/include for both cores and run by `ptoc-run-cpp --cpp-from=ptoas
--cycles --report=json` (the same timing model, from the C++; its pipe
check's findings are counted, not left out); its sync instructions counted.
Beside it, flags-cpp: ptoc's flags `.cpp` timed the same way by
ptoc-run-cpp, so that flags / ptoas compares two C++ files under one tool
(ptoc-run-cpp charges a region invalidate per cache line it issues, where
ptoc-sim charges one dcci: the comm kernels differ between the two). hand
(where testing/bench/hand/KERNEL.cpp exists, a kernel synchronised by
hand): that C++ timed the same way with --cpp-from=hand.

Sets: A, the examples (pipe-sync.md §6); B, testing/mixed_program_generator
(entry `kernel`, n=3, 1 rank; seeds 1..200) and comm_program_generator (4
ranks, me=0, n=3; seeds 1..20: its programs are made for the passes'
property tests, not to run, and most spin until --max-steps, seconds
each), both backends, through gen_program; C, streaming kernels
of gen_stream.py (a2a3), with PTOAS issue #1569's kernel
(stream_add_adds_n64_k4_b3); D, E, F: gen_pipe_kernels.py's cube pipeline
(K = 8, 32; single and double buffered), FIFO loop (16 iterations) and id
pressure (16 and 32 loads), both backends. A kernel whose compile or run
fails, or whose flags run reports findings, is counted and left out of the
ratios. --scale: the planner's share of ptoc's time on
gen_large_kernel.py's wide kernels of N statements (functions of 500), a5.

Writes OUT_DIR/pipe_sync.tsv (default /tmp/ptoc-pipe-sync-$UID), and the
Markdown tables of BENCHMARKS.md to stdout.
"""
import argparse
import ast
import json
import math
import os
import re
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODES = ["barrier-all", "flags", "flags-unbounded", "deps"]
# Statements one simulated schedule may run: a generated kernel that spins
# (a wait never satisfied) stops here, as a finding, instead of growing
# ptoc-sim to gigabytes.
MAX_STEPS = 200000
PTOAS = os.environ.get("PTOAS", "/work/shared/tools/ptoas/ptoas")
CXX = os.environ.get("CXX", "g++")

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


def set_def(quick):
    """Sets D, E, F: (set, name, generator arguments, entry)."""
    for k in ([8] if quick else [8, 32]):
        for b in [1, 2]:
            yield ("D", f"cube_k{k}_b{b}", ["cube", f"--chunks={k}", f"--buffers={b}"], "cube")
    yield ("E", "fifo_n16", ["fifo", "--iterations=16"], "fifo")
    for n in [16, 32]:
        yield ("F", f"ids_{n}", ["ids", f"--loads={n}"], "ids")


def set_c(quick):
    chunks = [8] if quick else [8, 64]
    sizes = [1, 16] if quick else [1, 4, 16, 32]
    for n in chunks:
        for kb in sizes:
            for op in ["relu", "add", "exp_add"]:
                for b in [1, 2, 3]:
                    yield (f"stream_{op}_n{n}_k{kb}_b{b}", (n, kb, op, b, 256))
    # PTOAS issue #1569's kernel: y = (x + z) + 1, 64 chunks of [1, 1024],
    # three slots; testing/bench/hand/ has its hand-synchronised reference.
    yield ("stream_add_adds_n64_k4_b3", (64, 4, "add_adds", 3, 1024))


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


def planner_times(stderr):
    """planner seconds and ptoc's total from `ptoc --time-passes`."""
    planner = re.search(r"of which the pipe-sync planner\s+([0-9.]+)", stderr)
    total = re.search(r"^\s*total\s+([0-9.]+)", stderr, re.M)
    if not planner or not total:
        return {}
    return {"planner_s": float(planner.group(1)), "total_s": float(total.group(1))}


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


def read_report(row, tool, r, finding_kinds):
    """Fills `row` from R, a `--cycles --report=json` run of TOOL (ptoc-sim or
    ptoc-run-cpp): the report's timing, "findings" when the run exited
    non-zero (with finding_kinds, also their kinds, which the ptoas table
    names), or the error when there is no report or no timing in it."""
    try:
        report = json.loads(r.stdout)
    except json.JSONDecodeError:
        row["error"] = f"{tool}: " + first_error(r.stderr, "no report")
        return row
    if r.returncode != 0:
        row["findings"] = "yes"
        if finding_kinds:
            row["finding_kinds"] = ",".join(sorted({f["kind"] for f in report["findings"]}))
    if "timing" not in report:
        row["error"] = f"{tool}: no timing"
        return row
    row.update(timing_of(report))
    return row


class Bench:
    def __init__(self, bindir, out):
        self.ptoc = os.path.join(bindir, "driver", "ptoc")
        self.sim = os.path.join(bindir, "runtime", "ptoc_sim")
        self.run_cpp = os.path.join(bindir, "runtime", "ptoc_run_cpp")
        self.out = out
        self.bindir = bindir

    def one(self, name, src, backend, entry, ranks, scalars, mode):
        """One kernel in one mode. deps times the flags .pb (compiled by the
        flags row first) with --pipe-sync-model=deps; it has no code of its
        own."""
        compiled = "flags" if mode == "deps" else mode
        pb = os.path.join(self.out, "kernels", f"{name}.{backend}.{compiled}.pb")
        base = [self.ptoc, src, f"--backend={backend}", f"--pipe-sync={compiled}"]
        row = {"kernel": name, "backend": backend, "mode": mode}
        if mode != "deps":
            r = run(base + ["--emit=pb", "-o", pb])
            if r.returncode != 0:
                row["error"] = "ptoc: " + first_error(r.stderr, "failed")
                return row
            start = time.perf_counter()
            cpp = run(base + ["--emit=cce", "--time-passes"])
            row["ptoc_s"] = time.perf_counter() - start
            if cpp.returncode == 0:
                row.update(code_counts(cpp.stdout))
                row.update(planner_times(cpp.stderr))
            plan = run(base + ["--emit=syncplan"])
            if plan.returncode == 0:
                row.update(plan_counts(plan.stdout))
        elif not os.path.exists(pb):
            row["error"] = "no flags .pb"
            return row
        sim = [self.sim, pb, f"--entry={entry}", f"--ranks={ranks}", "--cycles",
               "--report=json", f"--max-steps={MAX_STEPS}"] + [f"--scalar={s}" for s in scalars]
        if mode == "deps":
            sim.append("--pipe-sync-model=deps")
        return read_report(row, "ptoc-sim", run(sim), finding_kinds=False)

    def cpp_run(self, row, tag, pb, entry, ranks, scalars, extra):
        """Compiles TAG.cpp for both cores and times it with ptoc-run-cpp
        against PB; fills `row` (timing, findings) or its error."""
        for core, define in [("vec", "__DAV_VEC__"), ("cube", "__DAV_CUBE__")]:
            r = run([CXX, "-std=c++17", "-shared", "-fPIC", "-Iruntime/include", f"-D{define}",
                     tag + ".cpp", "-o", f"{tag}.{core}.so"], timeout=300)
            if r.returncode != 0:
                row["error"] = f"{CXX}: " + first_error(r.stderr, "failed")
                return row
        r = run([self.run_cpp, pb, f"--cpp={tag}.cpp", f"--vec={tag}.vec.so",
                 f"--cube={tag}.cube.so", f"--entry={entry}", f"--ranks={ranks}", "--cycles",
                 "--report=json"] + [f"--scalar={s}" for s in scalars] + extra, timeout=300)
        return read_report(row, "ptoc-run-cpp", r, finding_kinds=True)

    def flags_cpp(self, name, src, backend, entry, ranks, scalars):
        """ptoc's flags C++ timed by ptoc-run-cpp against the flags row's .pb."""
        row = {"kernel": name, "backend": backend, "mode": "flags-cpp"}
        tag = os.path.join(self.out, "kernels", f"{name}.{backend}.flags")
        r = run([self.ptoc, src, f"--backend={backend}", "--pipe-sync=flags", "--emit=cce",
                 "-o", tag + ".cpp"])
        if r.returncode != 0:
            row["error"] = "ptoc: " + first_error(r.stderr, "failed")
            return row
        return self.cpp_run(row, tag, tag + ".pb", entry, ranks, scalars, [])

    def ptoas(self, name, src, backend, entry, ranks, scalars):
        """The ptoas row: barrier-all's .pto through ptoas's InsertSync, its
        C++ timed by ptoc-run-cpp against barrier-all's .pb; the sync
        instructions of its C++."""
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
        pb = os.path.join(self.out, "kernels", f"{name}.{backend}.barrier-all.pb")
        return self.cpp_run(row, tag, pb, entry, ranks, scalars, ["--cpp-from=ptoas"])

    def hand(self, name, backend, entry, ranks, scalars):
        """The hand row: testing/bench/hand/NAME.cpp (synchronised by hand)
        timed by ptoc-run-cpp --cpp-from=hand against barrier-all's .pb;
        None when there is no such file."""
        path = os.path.join(REPO, "testing", "bench", "hand", f"{name}.cpp")
        if not os.path.exists(path):
            return None
        row = {"kernel": name, "backend": backend, "mode": "hand"}
        tag = os.path.join(self.out, "kernels", f"{name}.{backend}.hand")
        with open(path) as f, open(tag + ".cpp", "w") as g:
            text = f.read()
            g.write(text)
        row.update(code_counts(text))
        pb = os.path.join(self.out, "kernels", f"{name}.{backend}.barrier-all.pb")
        return self.cpp_run(row, tag, pb, entry, ranks, scalars, ["--cpp-from=hand"])

    def ptoas_rows(self, s, name, src, backend, entry, ranks, scalars):
        """The flags-cpp and ptoas rows of a kernel of set `s`."""
        rows = [self.flags_cpp(name, src, backend, entry, ranks, scalars),
                self.ptoas(name, src, backend, entry, ranks, scalars)]
        hand = self.hand(name, backend, entry, ranks, scalars)
        if hand is not None:
            rows.append(hand)
        for r in rows:
            r["set"] = s
        return rows


def fmt_lanes(lanes):
    return ", ".join(f"{k} {v}" for k, v in sorted(lanes.items()))


def table(rows):
    """Set A: a row per kernel and mode."""
    by = {}
    for r in rows:
        by.setdefault((r["kernel"], r["backend"]), {})[r["mode"]] = r
    out = ["| kernel | backend | mode | makespan | cycles per lane | busiest pipe | "
           "pairs | same-pipe barriers | PIPE_ALL (plan) | set / wait / PIPE_ALL / "
           "other barrier in .cpp | most ids on a pipe pair | planner s / ptoc s |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for (k, b), modes in by.items():
        for m in MODES:
            r = modes.get(m)
            if r is None:
                continue
            if "error" in r:
                out.append(f"| {k} | {b} | {m} | {r['error']} | | | | | | | | |")
                continue
            code = m != "deps"
            out.append(
                f"| {k} | {b} | {m} | {r['makespan']}{' (findings)' if 'findings' in r else ''} | "
                f"{fmt_lanes(r['lanes'])} | {r['busiest_pct']:.1f}% ({r['busiest']}) | "
                + (f"{r.get('pairs', 0)} | {r.get('same_pipe', 0)} | {r.get('pipe_all', 0)} | "
                   f"{r.get('set_flag', 0)} / {r.get('wait_flag', 0)} / "
                   f"{r.get('cpp_pipe_all', 0)} / {r.get('cpp_barrier', 0)} | "
                   f"{r.get('max_ids', 0)} | "
                   f"{r.get('planner_s', 0):.4f} / {r.get('total_s', 0):.4f} |"
                   if code else "| | | | | |"))
        for m in ["flags-cpp", "ptoas"]:
            r = modes.get(m)
            if r is None:
                continue
            counts = (f"{r['set_flag']} / {r['wait_flag']} / {r['cpp_pipe_all']} / "
                      f"{r['cpp_barrier']}" if m == "ptoas" and "set_flag" in r else "")
            if "error" in r:
                out.append(f"| {k} | {b} | {m} | n/a ({r['error']}) | | | | | | {counts} | | |")
                continue
            found = f" ({r.get('finding_kinds', 'findings')})" if "findings" in r else ""
            out.append(f"| {k} | {b} | {m} | {r['makespan']}{found} | {fmt_lanes(r['lanes'])} | "
                       f"{r['busiest_pct']:.1f}% ({r['busiest']}) | | | | {counts} | | |")
    return "\n".join(out)


def compact(rows):
    """Sets C-F: a line per kernel, the makespan of every mode and the ratios."""
    by = {}
    for r in rows:
        by.setdefault((r["kernel"], r["backend"]), {})[r["mode"]] = r
    out = ["| kernel | backend | barrier-all | flags | flags-unbounded | deps | "
           "flags / barrier-all | flags / deps | flags / flags-unbounded | pairs: flags / "
           "flags-unbounded | PIPE_ALL in .cpp: barrier-all / flags |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    for (k, b), m in by.items():
        cells = []
        for mode in MODES:
            r = m.get(mode, {})
            cells.append(str(r["makespan"]) + (" (findings)" if "findings" in r else "")
                         if "makespan" in r else (r.get("error", "")[:60] or "-"))
        ratio = lambda x, y: (f"{m[x]['makespan'] / m[y]['makespan']:.3f}"
                              if "makespan" in m.get(x, {}) and "makespan" in m.get(y, {})
                              else "")
        fl, ba, ub = m.get("flags", {}), m.get("barrier-all", {}), m.get("flags-unbounded", {})
        out.append(f"| {k} | {b} | " + " | ".join(cells) + f" | {ratio('flags', 'barrier-all')} | "
                   f"{ratio('flags', 'deps')} | {ratio('flags', 'flags-unbounded')} | "
                   f"{fl.get('pairs', '')} / {ub.get('pairs', '')} | "
                   f"{ba.get('cpp_pipe_all', '')} / {fl.get('cpp_pipe_all', '')} |")
    return "\n".join(out)


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def ratios(rows, num, den, pick=lambda k, b, m: True):
    """Per set: [(ratio, kernel)] of num / den makespans, kernels whose flags
    run is clean and both modes timed; and the kernels left out, by reason."""
    by = {}
    for r in rows:
        by.setdefault(r["set"], {}).setdefault((r["kernel"], r["backend"]), {})[r["mode"]] = r
    out, left = {}, {}
    for s, kernels in sorted(by.items()):
        for (k, b), m in kernels.items():
            if not pick(k, b, m):
                continue
            x, y, fl = m.get(num, {}), m.get(den, {}), m.get("flags", {})
            bad = [z for z in (x, y, fl) if "makespan" not in z or "findings" in z]
            if bad:
                z = bad[0]
                why = z.get("error") or (f"ptoc-sim findings ({z.get('mode')})"
                                         if "findings" in z else f"{z.get('mode')} not timed")
                key = re.sub(r"[^:]*\.py:\d+:\d+: ", "", why)[:90]
                left.setdefault(s, {}).setdefault(key, 0)
                left[s][key] += 1
                continue
            out.setdefault(s, []).append((x["makespan"] / y["makespan"], f"{k} ({b})",
                                          x, y))
    return out, left


def verdicts(rows):
    """Per set: flags against barrier-all, deps and flags-unbounded."""
    lines = ["| set | kernels timed | geomean flags / barrier-all | worst | flags slower than "
             "barrier-all | equal with two pipes working | geomean flags / deps | worst | "
             "geomean flags / flags-unbounded | worst | planner s / ptoc s (flags, sum) |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    notes = []
    ba, left = ratios(rows, "flags", "barrier-all")
    dp, _ = ratios(rows, "flags", "deps")
    ub, _ = ratios(rows, "flags", "flags-unbounded")
    sets = sorted({r["set"] for r in rows})
    for s in sets:
        a, d, u = ba.get(s, []), dp.get(s, []), ub.get(s, [])
        slower = [(x, n) for x, n, _, _ in a if x > 1]
        equal = [n for x, n, f, _ in a if x == 1 and f["working_pipes"] >= 2]
        pl = sum(r.get("planner_s", 0) for r in rows if r["set"] == s and r["mode"] == "flags")
        tot = sum(r.get("total_s", 0) for r in rows if r["set"] == s and r["mode"] == "flags")
        worst = lambda xs: f"{max(xs)[0]:.3f} ({max(xs)[1]})" if xs else ""
        lines.append(f"| {s} | {len(a)} | {geomean([x for x, *_ in a]):.3f} | {worst(a)} | "
                     f"{len(slower)} | {len(equal)} | {geomean([x for x, *_ in d]):.3f} | "
                     f"{worst(d)} | {geomean([x for x, *_ in u]):.3f} | {worst(u)} | "
                     f"{pl:.3f} / {tot:.3f} |")
        if a:
            notes.append(f"- set {s}, the 5 worst flags / barrier-all: " + "; ".join(
                f"{n} {x:.3f}" for x, n, *_ in sorted(a, reverse=True)[:5]))
        if d:
            notes.append(f"- set {s}, the 5 worst flags / deps: " + "; ".join(
                f"{n} {x:.3f}" for x, n, *_ in sorted(d, reverse=True)[:5]))
        if slower:
            notes.append(f"- set {s}, flags slower than barrier-all: {len(slower)} kernels, by "
                         f"{min(x for x, _ in slower):.4f}x to {max(x for x, _ in slower):.4f}x "
                         f"(cycles: " + "; ".join(
                             f"{n} {f['makespan']} vs {b['makespan']}"
                             for x, n, f, b in sorted(a, reverse=True)[:5] if x > 1) + ")")
        if equal:
            # How far below barrier-all the deps bound is: where it is only
            # the cost of the sync instructions themselves, the work is one
            # serial chain and no plan can be strictly faster.
            deps = {n: y["makespan"] for _, n, _, y in d}
            gap = {n: f["makespan"] - deps[n] for x, n, f, _ in a if n in equal and n in deps}
            notes.append(f"- set {s}, equal although two pipes work: " + "; ".join(
                f"{n} (deps {gap[n]} cycles below)" if n in gap else n for n in equal[:10])
                + (" ..." if len(equal) > 10 else "")
                + (f"; deps is at most {max(gap.values())} cycles below barrier-all on all "
                   f"{len(gap)}" if gap else ""))
        if s in left:
            notes.append(f"- set {s}, left out: {sum(left[s].values())} ("
                         + "; ".join(f"{n}x {w}" for w, n in sorted(left[s].items(),
                                                                    key=lambda x: -x[1])[:5])
                         + ")")
    return "\n".join(lines) + "\n\n" + "\n".join(notes)


def targets(rows, scale):
    """The §6 targets, each with its numbers."""
    out = ["| target | numbers | met |", "|---|---|---|"]
    ba, _ = ratios(rows, "flags", "barrier-all")
    every = [x for s in ba for x in ba[s]]
    slower = [(x, n) for x, n, *_ in every if x > 1]
    equal = [n for x, n, f, _ in every if x == 1 and f["working_pipes"] >= 2]
    out.append(f"| flags <= barrier-all on every kernel, strictly less where two pipes work | "
               f"{len(every)} kernels timed in A-F: {len(slower)} slower (worst "
               f"{max(slower)[0]:.4f}, {max(slower)[1]}), {len(equal)} equal with two pipes "
               f"working | {'yes' if not slower and not equal else '**no**'} |"
               if slower else
               f"| flags <= barrier-all on every kernel, strictly less where two pipes work | "
               f"{len(every)} kernels timed: none slower, {len(equal)} equal with two pipes "
               f"working | {'yes' if not equal else '**no**'} |")
    dp, _ = ratios(rows, "flags", "deps",
                   pick=lambda k, b, m: re.search(r"_b[23]$", k) is not None)
    c = dp.get("C", [])
    within = [x for x, *_ in c if x <= 1.05]
    if c:
        out.append(f"| set C with >= 2 buffers: flags within 5% of deps | {len(within)} of "
                   f"{len(c)} within; geomean {geomean([x for x, *_ in c]):.3f}, worst "
                   f"{max(c)[0]:.3f} ({max(c)[1]}) | "
                   f"{'yes' if len(within) == len(c) else '**no**'} |")
    dp, _ = ratios(rows, "flags", "deps")
    b = dp.get("B", [])
    if b:
        g = geomean([x for x, *_ in b])
        out.append(f"| set B: geomean flags / deps <= 1.10 | {g:.3f} over {len(b)} kernels, "
                   f"worst {max(b)[0]:.3f} ({max(b)[1]}) | {'yes' if g <= 1.10 else '**no**'} |")
    ub, _ = ratios(rows, "flags", "flags-unbounded")
    ae = [x for s in "ABCDE" for x in ub.get(s, [])]
    if ae:
        bad = [x for x, *_ in ae if x > 1.02]
        out.append(f"| A-E: flags-unbounded at most 2% faster than flags | flags / "
                   f"flags-unbounded worst {max(ae)[0]:.3f} ({max(ae)[1]}), {len(bad)} of "
                   f"{len(ae)} above 1.02 | {'yes' if not bad else '**no**'} |")
    out.append(ptoas_target(rows))
    for n, planner, total in scale:
        out.append(f"| planner <= 10% of ptoc's time at {n} statements | planner {planner:.2f} s "
                   f"of {total:.2f} s ({100 * planner / total:.1f}%) | "
                   f"{'yes' if planner <= 0.1 * total else '**no**'} |")
    return "\n".join(out)


def ptoas_ratios(rows):
    """[(flags-cpp / ptoas, kernel, ptoas row)] over A-E, where both are
    timed and ptoc's flags C++ is clean (ptoas's findings are kept and
    counted: its time is what its sync gives, even where the pipe check
    finds it short)."""
    by = {}
    for r in rows:
        if r["set"] in "ABCDE":
            by.setdefault((r["kernel"], r["backend"]), {})[r["mode"]] = r
    out = []
    for (k, b), m in by.items():
        f, p = m.get("flags-cpp", {}), m.get("ptoas", {})
        if "makespan" in f and "findings" not in f and "makespan" in p:
            out.append((f["makespan"] / p["makespan"], f"{k} ({b})", p))
    return out


def ptoas_table(rows):
    """A line per kernel with a ptoas row: flags from ptoc-sim and from
    ptoc-run-cpp, ptoas from ptoc-run-cpp, the ratio, ptoas's findings and
    sync instructions."""
    by = {}
    for r in rows:
        by.setdefault((r["set"], r["kernel"], r["backend"]), {})[r["mode"]] = r
    out = ["| set | kernel | backend | flags (ptoc-sim) | flags-cpp | ptoas | flags-cpp / ptoas | "
           "ptoas's findings (pipe check) | set / wait / PIPE_ALL / other barrier in ptoas's "
           ".cpp |", "|---|---|---|---|---|---|---|---|---|"]
    for (s, k, b), m in by.items():
        p = m.get("ptoas")
        if p is None:
            continue
        cell = lambda r: (str(r["makespan"]) if "makespan" in r
                          else (r.get("error", "")[:60] or "-"))
        f, fc = m.get("flags", {}), m.get("flags-cpp", {})
        ratio = (f"{fc['makespan'] / p['makespan']:.3f}"
                 if "makespan" in fc and "makespan" in p else "")
        counts = (f"{p['set_flag']} / {p['wait_flag']} / {p['cpp_pipe_all']} / "
                  f"{p['cpp_barrier']}" if "set_flag" in p else "")
        out.append(f"| {s} | {k} | {b} | {cell(f)} | {cell(fc)} | {cell(p)} | {ratio} | "
                   f"{p.get('finding_kinds', '') if 'findings' in p else 'none'} | {counts} |")
    return "\n".join(out)


def hand_table(rows):
    """A line per kernel with a hand row: the hand plan against ptoc's flags
    (both C++, timed by ptoc-run-cpp), ptoas and deps."""
    by = {}
    for r in rows:
        by.setdefault((r["set"], r["kernel"], r["backend"]), {})[r["mode"]] = r
    out = ["| set | kernel | backend | deps | flags-cpp | hand | ptoas | flags-cpp / hand | "
           "ptoas / hand | hand's findings (pipe check) | set / wait / PIPE_ALL / other "
           "barrier: hand |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for (s, k, b), m in by.items():
        h = m.get("hand")
        if h is None:
            continue
        cell = lambda r: str(r["makespan"]) if "makespan" in r else (r.get("error", "")[:60] or "-")
        ratio = lambda x: (f"{m[x]['makespan'] / h['makespan']:.3f}"
                           if "makespan" in m.get(x, {}) and "makespan" in h else "")
        p = m.get("ptoas", {})
        found = f" ({p.get('finding_kinds', 'findings')})" if "findings" in p else ""
        out.append(f"| {s} | {k} | {b} | {cell(m.get('deps', {}))} | "
                   f"{cell(m.get('flags-cpp', {}))} | {cell(h)} | {cell(p)}{found} | "
                   f"{ratio('flags-cpp')} | {ratio('ptoas')} | "
                   f"{h.get('finding_kinds', '') if 'findings' in h else 'none'} | "
                   f"{h.get('set_flag', 0)} / {h.get('wait_flag', 0)} / "
                   f"{h.get('cpp_pipe_all', 0)} / {h.get('cpp_barrier', 0)} |")
    return "\n".join(out)


def ptoas_target(rows):
    """The target is judged where ptoas's C++ passes the pipe check: a run
    whose sync the check finds short is not a baseline ptoc could match
    without dropping sync. The geomean over every kernel is printed too."""
    xs = ptoas_ratios(rows)
    if not xs:
        return ("| geomean flags <= ptoas on A-E, where the ptoas row exists | no timed ptoas "
                "row | not measured |")
    clean = [x for x in xs if "findings" not in x[2]]
    sets = "".join(sorted({r["set"] for r in rows if r["mode"] == "ptoas"}))
    g_all = geomean([x for x, *_ in xs])
    if not clean:
        return (f"| geomean flags <= ptoas on A-E, where the ptoas row exists | every ptoas "
                f"C++ has pipe-check findings (geomean over them {g_all:.3f}) | not measured |")
    g = geomean([x for x, *_ in clean])
    return (f"| geomean flags <= ptoas on A-E, where the ptoas row exists | flags-cpp / ptoas "
            f"geomean {g:.3f} over the {len(clean)} kernels of sets {', '.join(sets)} whose "
            f"ptoas C++ is clean (best {min(clean)[0]:.3f} {min(clean)[1]}, worst "
            f"{max(clean)[0]:.3f} {max(clean)[1]}); with the {len(xs) - len(clean)} whose ptoas "
            f"C++ has pipe-check findings, {g_all:.3f} over {len(xs)} | "
            f"{'yes' if g <= 1 else '**no**'} |")


def scale_run(bench, sizes):
    """(N, planner s, ptoc total s) of `ptoc --backend=a5 --pipe-sync=flags
    --emit=cce --time-passes` on wide kernels of N statements (a5: on a2a3
    materialize-aiv-lanes rejects these kernels, whose AIV1 replay would
    keep a loop over `ranks`, a value the replay drops)."""
    out = []
    for n in sizes:
        src = os.path.join(bench.out, "kernels", f"wide_{n}.py")
        subprocess.run([sys.executable, "testing/bench/gen_large_kernel.py",
                        f"--statements={n}", f"--functions={max(1, n // 500)}", "-o", src],
                       check=True, stderr=subprocess.DEVNULL)
        r = run([bench.ptoc, src, "--backend=a5", "--pipe-sync=flags", "--emit=cce",
                 "--time-passes", "-o",
                 os.path.join(bench.out, "kernels", f"wide_{n}.cpp")], timeout=3600)
        t = planner_times(r.stderr)
        if r.returncode == 0 and t:
            out.append((n, t["planner_s"], t["total_s"]))
            sys.stderr.write(r.stderr)
        else:
            sys.stderr.write(f"scale {n}: ptoc failed: {r.stderr[:300]}\n")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", default=f"/tmp/ptoc-pipe-sync-{os.getuid()}")
    ap.add_argument("--bazel-flag", action="append", default=[],
                    help="passed to bazel build (e.g. --disk_cache=DIR)")
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--sets", default="A,B,C,D,E,F")
    ap.add_argument("--scale", default="1000000",
                    help="statement counts for the planner's share of ptoc's time (empty: none)")
    ap.add_argument("--seeds", type=int, default=200, help="set B, mixed: seeds 1..N")
    ap.add_argument("--comm-seeds", type=int, default=20, help="set B, comm: seeds 1..N")
    ap.add_argument("--quick", action="store_true", help="set C: 8 chunks, 1 and 16 KB")
    ap.add_argument("--ptoas-sets", default="A,C,D,E",
                    help="the sets with ptoas and flags-cpp rows (B's 800 builds are not "
                         "compiled by default)")
    ap.add_argument("--from-tsv", action="store_true",
                    help="print the tables of OUT_DIR/pipe_sync.tsv and scale.tsv, run nothing")
    args = ap.parse_args()
    if args.from_tsv:
        rows, scale = read_tsv(args.out)
        print_tables(rows, scale, sorted({r["set"] for r in rows}))
        return
    os.chdir(REPO)
    os.makedirs(os.path.join(args.out, "kernels"), exist_ok=True)
    if not args.no_build:
        subprocess.run(["bazel", "build", "-c", "opt"] + args.bazel_flag +
                       ["//driver:ptoc", "//runtime:ptoc_sim", "//runtime:ptoc_run_cpp",
                        "//testing/bench:gen_program"], check=True,
                       stdout=sys.stderr)
    bench = Bench(os.path.join(REPO, "bazel-out", "k8-opt", "bin"), args.out)
    sets = args.sets.split(",")
    ptoas_sets = args.ptoas_sets.split(",")
    rows = []
    if "A" in sets:
        for name, src, backend, entry, ranks, scalars in SET_A:
            for mode in MODES:
                r = bench.one(name, src, backend, entry, ranks, scalars, mode)
                r["set"] = "A"
                rows.append(r)
            if "A" in ptoas_sets:
                rows += bench.ptoas_rows("A", name, src, backend, entry, ranks, scalars)
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
                    if "B" in ptoas_sets:
                        rows += bench.ptoas_rows("B", name, src, backend, "kernel", ranks,
                                                 scalars)
    for s, name, gen_args, entry in set_def(args.quick):
        if s not in sets:
            continue
        src = os.path.join(args.out, "kernels", name + ".py")
        subprocess.run([sys.executable, "testing/bench/gen_pipe_kernels.py"] + gen_args +
                       ["-o", src], check=True)
        for backend in ["a2a3", "a5"]:
            for mode in MODES:
                r = bench.one(name, src, backend, entry, 1, [], mode)
                r["set"] = s
                rows.append(r)
            if s in ptoas_sets:
                rows += bench.ptoas_rows(s, name, src, backend, entry, 1, [])
    if "C" in sets:
        for name, (n, kb, op, b, cols) in set_c(args.quick):
            src = os.path.join(args.out, "kernels", name + ".py")
            subprocess.run([sys.executable, "testing/bench/gen_stream.py", f"--chunks={n}",
                            f"--tile-kb={kb}", f"--op={op}", f"--buffers={b}", f"--cols={cols}",
                            "-o", src], check=True)
            for mode in MODES:
                r = bench.one(name, src, "a2a3", "stream", 1, [], mode)
                r["set"] = "C"
                rows.append(r)
            if "C" in ptoas_sets:
                rows += bench.ptoas_rows("C", name, src, "a2a3", "stream", 1, [])
    keys = ["set", "kernel", "backend", "mode", "error", "findings", "finding_kinds", "not_timed",
            "makespan", "lanes",
            "busiest_pct", "busiest", "working_pipes", "pairs", "prime", "same_pipe",
            "pipe_all", "widened", "demoted", "max_ids", "set_flag", "wait_flag",
            "cpp_pipe_all", "cpp_barrier", "ptoc_s", "planner_s", "total_s"]
    with open(os.path.join(args.out, "pipe_sync.tsv"), "w") as f:
        f.write("\t".join(keys) + "\n")
        for r in rows:
            f.write("\t".join(str(r.get(k, "")) for k in keys) + "\n")
    scale = scale_run(bench, [int(n) for n in args.scale.split(",") if n])
    if scale:
        with open(os.path.join(args.out, "scale.tsv"), "w") as f:
            f.write("statements\tplanner_s\ttotal_s\n")
            for n, planner, total in scale:
                f.write(f"{n}\t{planner}\t{total}\n")
    print_tables(rows, scale, sets)


def read_tsv(out):
    """The rows of pipe_sync.tsv (and scale.tsv when there is one) back."""
    rows = []
    with open(os.path.join(out, "pipe_sync.tsv")) as f:
        keys = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = {}
            for k, v in zip(keys, line.rstrip("\n").split("\t")):
                if v == "":
                    continue
                if k == "lanes":
                    row[k] = ast.literal_eval(v)
                elif k in ("busiest_pct", "ptoc_s", "planner_s", "total_s"):
                    row[k] = float(v)
                elif re.fullmatch(r"-?\d+", v) and k not in ("kernel", "set", "backend", "mode"):
                    row[k] = int(v)
                else:
                    row[k] = v
            rows.append(row)
    scale = []
    path = os.path.join(out, "scale.tsv")
    if os.path.exists(path):
        with open(path) as f:
            f.readline()
            for line in f:
                n, planner, total = line.split()
                scale.append((int(n), float(planner), float(total)))
    return rows, scale


def print_tables(rows, scale, sets):
    if "A" in sets:
        print("### Set A: the examples\n")
        print(table([r for r in rows if r["set"] == "A"]) + "\n")
    titles = {"C": "streaming (gen_stream.py, a2a3)",
              "D": "cube pipeline (gen_pipe_kernels.py cube)",
              "E": "FIFO loop (gen_pipe_kernels.py fifo)",
              "F": "id pressure (gen_pipe_kernels.py ids)"}
    for s in "CDEF":
        if s in sets:
            print(f"### Set {s}: {titles[s]}\n")
            print(compact([r for r in rows if r["set"] == s]) + "\n")
    if any(r["mode"] == "ptoas" for r in rows):
        print("### ptoas's InsertSync, timed by ptoc-run-cpp\n")
        print(ptoas_table(rows) + "\n")
    if any(r["mode"] == "hand" for r in rows):
        print("### Hand-synchronised references, timed by ptoc-run-cpp\n")
        print(hand_table(rows) + "\n")
    print("### The modes against each other, per set\n")
    print(verdicts(rows) + "\n")
    print("### The §6 targets\n")
    print(targets(rows, scale))


if __name__ == "__main__":
    main()
