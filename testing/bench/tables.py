#!/usr/bin/env python3
"""Markdown tables of BENCHMARKS.md from the TSV files of run_benchmarks.sh.

    testing/bench/tables.py OUT_DIR

Prints, for each workload of phases.tsv, statements per second of every
phase with t(N)/t(N/2) in parentheses; the tools of tools.tsv (seconds,
peak MB); each pass binary against its protobuf floor; and the chain of
binaries against the in-process driver.
"""

import collections
import sys


def rows(path):
    lines = open(path).read().splitlines()
    head = lines[0].split("\t")
    return [dict(zip(head, line.split("\t"))) for line in lines[1:]]


def size(n):
    n = int(n)
    return "%dM" % (n // 1000000) if n % 1000000 == 0 else "%dk" % (n // 1000)


def rate(statements, seconds):
    if statements == 0 or seconds == 0:
        return "%.2f s" % seconds
    per_second = statements / seconds
    if per_second >= 1e6:
        return "%.2fM/s" % (per_second / 1e6)
    return "%.0fk/s" % (per_second / 1e3)


def phase_tables(path):
    by_workload = collections.OrderedDict()
    for r in rows(path):
        table = by_workload.setdefault(r["workload"], collections.OrderedDict())
        table.setdefault(r["phase"], collections.OrderedDict())[int(r["N"])] = (
            int(r["statements"]), float(r["seconds"]))
    for workload, table in by_workload.items():
        sizes = sorted({n for runs in table.values() for n in runs})
        print("### %s\n" % workload)
        print("| step | " + " | ".join(size(n) for n in sizes) + " |")
        print("|---" * (len(sizes) + 1) + "|")
        for phase, runs in table.items():
            cells = []
            for n in sizes:
                if n not in runs:
                    cells.append("-")
                    continue
                statements, seconds = runs[n]
                cell = rate(statements, seconds)
                if n // 2 in runs and runs[n // 2][1] > 0:
                    cell += " (x%.1f)" % (seconds / runs[n // 2][1])
                cells.append(cell)
            print("| %s | %s |" % (phase, " | ".join(cells)))
        print()


def tool_tables(path):
    table = collections.OrderedDict()
    for r in rows(path):
        table.setdefault(r["step"], collections.OrderedDict())[int(r["N"])] = (
            float(r["seconds"]), int(r["peak_rss_mb"]))
    sizes = sorted({n for runs in table.values() for n in runs})
    print("| tool | " + " | ".join(size(n) for n in sizes) + " |")
    print("|---" * (len(sizes) + 1) + "|")
    for step, runs in table.items():
        cells = ["%.2f s, %d MB" % runs[n] if n in runs else "-" for n in sizes]
        print("| %s | %s |" % (step, " | ".join(cells)))
    print()
    chain = ["ptoc-parse", "expand-mixed-kernel", "insert-comm-fence",
             "check-comm-contract", "ptoc-codegen"]
    floors = {"expand-mixed-kernel": "floor:parse.pb",
              "insert-comm-fence": "floor:expanded.pb",
              "check-comm-contract": "floor:fenced.pb"}
    print("| ratio | " + " | ".join(size(n) for n in sizes) + " |")
    print("|---" * (len(sizes) + 1) + "|")
    for tool, floor in floors.items():
        cells = ["x%.2f" % (table[tool][n][0] / table[floor][n][0]) for n in sizes]
        print("| %s / its floor (%s) | %s |" % (tool, floor, " | ".join(cells)))
    cells = ["x%.2f" % (sum(table[t][n][0] for t in chain) / table["ptoc (in-process)"][n][0])
             for n in sizes]
    print("| chain of binaries / `ptoc` | %s |" % " | ".join(cells))
    print()


def main():
    out = sys.argv[1]
    phase_tables(out + "/phases.tsv")
    tool_tables(out + "/tools.tsv")


if __name__ == "__main__":
    main()
