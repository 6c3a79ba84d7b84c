#!/bin/bash
# Produces the numbers of BENCHMARKS.md (optimized build, -c opt).
#
#   testing/bench/run_benchmarks.sh [--quick] [OUT_DIR]
#
# 1. Throughput and scaling, in process (phase_times): every step of the
#    compiler on generated kernels of N = 10k .. 1M statements in functions
#    of 500 statements ("wide": a program of many kernels), and on single
#    functions of N = 4k .. 32k statements ("deep": per-function scaling),
#    and on single functions whose lanes store into one tensor, N = 4k ..
#    64k ("handoff": expand-mixed-kernel ordering GM hand-offs).
#    Statements per second and the time at 2N over the time at N.
# 2. Whole tools (/usr/bin/time -v): wall time and peak memory of
#    ptoc-parse, each pass binary, ptoc-codegen, the in-process driver, and
#    the floor of a pass binary (pb_roundtrip: read, deserialize, serialize,
#    write the same .pb). The chain of binaries against `ptoc`.
# 3. Generated-code quality: whole-GM invalidates per barrier generation in
#    a P-rank mesh barrier, and region-invalidate lines emitted against the
#    lines a publishing write touches.
#
# --quick stops at 160k statements (wide), 16k (deep) and 32k (handoff). Results go to
# OUT_DIR (default /tmp/ptoc-bench-$UID) as TSV files, and a summary to
# stdout. Heavy: runs for several minutes; run it on a quiet machine.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
quick=0
[[ "${1:-}" == --quick ]] && { quick=1; shift; }
out="${1:-/tmp/ptoc-bench-$(id -u)}"
mkdir -p "$out/kernels"
cd "$repo"

bazel build -c opt //:ptoc //frontend:ptoc_parse //passes:expand_mixed_kernel \
  //passes:insert_comm_fence //passes:check_comm_contract //codegen:ptoc_codegen \
  //testing/bench:phase_times //testing/bench:pb_roundtrip >&2
bin="$repo/bazel-out/k8-opt/bin"
ptoc="$bin/driver/ptoc"
gen=(python3 testing/bench/gen_large_kernel.py)

wide_sizes=(10000 20000 40000 80000 160000 320000 640000 1000000)
deep_sizes=(4000 8000 16000 32000)
handoff_sizes=(4000 8000 16000 32000 64000)
if [[ $quick -eq 1 ]]; then
  wide_sizes=(10000 20000 40000 80000 160000)
  deep_sizes=(4000 8000 16000)
  handoff_sizes=(4000 8000 16000 32000)
fi

# --- 1. in-process phases -------------------------------------------------
phases="$out/phases.tsv"
printf 'workload\tN\tphase\tstatements\tseconds\tstatements_per_second\n' >"$phases"
run_phases() {  # WORKLOAD N GEN_ARGS...
  local workload="$1" n="$2"
  shift 2
  local kernel="$out/kernels/${workload}_$n.py"
  "${gen[@]}" --statements="$n" "$@" -o "$kernel" 2>/dev/null
  local repeat=3
  [[ $n -ge 160000 ]] && repeat=1
  "$bin/testing/bench/phase_times" "$kernel" --repeat=$repeat | grep -v '^#' |
    sed "s/^/$workload\t$n\t/" >>"$phases"
}
for n in "${wide_sizes[@]}"; do run_phases wide "$n" --functions=$((n / 500)); done
# The deep kernels stop before code generation: the C++ target gives every
# tile its own buffer, and one function of thousands of tiles overflows UB.
for n in "${deep_sizes[@]}"; do run_phases deep "$n" || true; done
for n in "${handoff_sizes[@]}"; do run_phases handoff "$n" --gm-conflicts || true; done

# --- 2. whole tools -------------------------------------------------------
tools="$out/tools.tsv"
printf 'N\tstep\tseconds\tpeak_rss_mb\n' >"$tools"
measure() {  # N STEP COMMAND...: wall time and peak RSS of COMMAND
  local n="$1" step="$2"
  shift 2
  /usr/bin/time -f '%e %M' -o "$out/time.txt" "$@" >/dev/null
  read -r seconds kb <"$out/time.txt"
  printf '%s\t%s\t%s\t%d\n' "$n" "$step" "$seconds" $((kb / 1024)) >>"$tools"
}
for n in "${wide_sizes[@]}"; do
  k="$out/kernels/wide_$n"
  measure "$n" ptoc-parse "$bin/frontend/ptoc_parse" "$k.py" -o "$k.pb"
  measure "$n" floor:parse.pb "$bin/testing/bench/pb_roundtrip" "$k.pb" -o "$k.rt.pb"
  measure "$n" expand-mixed-kernel "$bin/passes/expand_mixed_kernel" "$k.pb" -o "$k.e.pb"
  measure "$n" floor:expanded.pb "$bin/testing/bench/pb_roundtrip" "$k.e.pb" -o "$k.rt.pb"
  measure "$n" insert-comm-fence "$bin/passes/insert_comm_fence" "$k.e.pb" -o "$k.f.pb"
  measure "$n" floor:fenced.pb "$bin/testing/bench/pb_roundtrip" "$k.f.pb" -o "$k.rt.pb"
  measure "$n" check-comm-contract "$bin/passes/check_comm_contract" "$k.f.pb" -o "$k.c.pb"
  measure "$n" ptoc-codegen "$bin/codegen/ptoc_codegen" "$k.c.pb" -o "$k.chain.pto"
  measure "$n" "ptoc (in-process)" "$ptoc" "$k.py" -o "$k.pto"
  cmp -s "$k.pto" "$k.chain.pto" || echo "WARNING: N=$n: the chain and ptoc differ" >&2
  rm -f "$k".*.pb "$k.pb" "$k"*.pto
done

# --- 3. generated-code quality --------------------------------------------
quality="$out/quality.tsv"
printf 'kind\tcase\tvalue\texpected\tdetail\n' >"$quality"
python3 testing/bench/quality_kernels.py "$out/quality" | while IFS=$'\t' read -r kind file a b; do
  if [[ $kind == barrier ]]; then
    "$ptoc" "$file" -o "$file.pto"
    # Every invalidate of the AIV lane is inside the generation loop.
    count=$(grep -c 'pto.cmo.cacheinvalid all' "$file.pto" || true)
    printf 'barrier\tP=%s %s\t%s\t1\twhole-GM invalidates per generation (naive: %s)\n' \
      "$a" "$b" "$count" $((a - 1)) >>"$quality"
  else
    for flag in "" --narrow-regions; do
      "$ptoc" "$file" $flag -o "$file.pto"
      lines=$(grep -c 'single_cache_line' "$file.pto" || true)
      whole=$(grep -c 'pto.cmo.cacheinvalid all' "$file.pto" || true)
      printf 'region\t%s %s\t%s\t%s\tlines emitted vs written; whole-GM fallbacks: %s\n' \
        "$a" "${flag:-(default)}" "$lines" "$b" "$whole" >>"$quality"
    done
  fi
done

# --- summary --------------------------------------------------------------
python3 - "$phases" "$tools" "$quality" <<'PY'
import collections, sys
phases, tools, quality = sys.argv[1:]

def rows(path):
    lines = open(path).read().splitlines()
    head = lines[0].split("\t")
    return [dict(zip(head, l.split("\t"))) for l in lines[1:]]

print("## In-process phases: statements/s (time at 2N / time at N)")
table = collections.OrderedDict()
for r in rows(phases):
    table.setdefault((r["workload"], r["phase"]), []).append(
        (int(r["N"]), int(r["statements"]), float(r["seconds"])))
for (workload, phase), runs in table.items():
    cells = []
    for i, (n, stmts, secs) in enumerate(runs):
        rate = "%.0f" % (stmts / secs) if secs > 0 and stmts else "-"
        ratio = ""
        if i > 0 and runs[i - 1][2] > 0 and n == 2 * runs[i - 1][0]:
            ratio = " (%.2f)" % (secs / runs[i - 1][2])
        cells.append("N=%d %ss %s/s%s" % (n, secs, rate, ratio))
    print("%s %s: %s" % (workload, phase, "; ".join(cells)))
print("\n## Tools: seconds, peak MB")
by_n = collections.OrderedDict()
for r in rows(tools):
    by_n.setdefault(r["N"], []).append("%s %ss %sMB" % (r["step"], r["seconds"], r["peak_rss_mb"]))
for n, cells in by_n.items():
    print("N=%s: %s" % (n, "; ".join(cells)))
print("\n## Quality")
for r in rows(quality):
    print("%s %s: %s (expected %s) %s" % (r["kind"], r["case"], r["value"], r["expected"], r["detail"]))
PY
