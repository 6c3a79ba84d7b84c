#!/bin/bash
# Benchmark (not a test): how many statements per second ptoc-sim executes
# on a large generated kernel (gen_kernel.py) compiled with the default
# pipeline. Builds optimized binaries into a scratch directory, so the
# workspace's bazel-* symlinks are left alone.
#
#   runtime/bench/sim_bench.sh            # defaults below
#   STAGES=128 RANKS=8 ROUNDS=10 SCHEDULES=4 runtime/bench/sim_bench.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
STAGES="${STAGES:-64}"
RANKS="${RANKS:-8}"
ROUNDS="${ROUNDS:-20}"
SCHEDULES="${SCHEDULES:-4}"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
bazel build -c opt --symlink_prefix="$scratch/bazel-" //runtime:ptoc_sim //driver:ptoc
bin="$scratch/bazel-bin"

python3 runtime/bench/gen_kernel.py --stages="$STAGES" --ranks="$RANKS" > "$scratch/bench.py"
"$bin/driver/ptoc" "$scratch/bench.py" --emit=pb -o "$scratch/bench.pb"
kernel_lines="$(wc -l < "$scratch/bench.py")"

TIMEFORMAT='%R %U'
status=0
{ time "$bin/runtime/ptoc_sim" "$scratch/bench.pb" --entry=bench --ranks="$RANKS" \
    --scalar rounds="$ROUNDS" --schedules="$SCHEDULES" --report=json \
    > "$scratch/report.json" || status=$?; } 2> "$scratch/time.txt"
if [[ "$status" -ne 0 ]]; then
  echo "ptoc-sim found problems in the benchmark kernel (exit $status):" >&2
  cat "$scratch/report.json" >&2
  exit 1
fi

statements="$(grep -o '"statements": [0-9]*' "$scratch/report.json" | cut -d' ' -f2)"
read -r wall cpu < "$scratch/time.txt"
awk -v s="$statements" -v wall="$wall" -v cpu="$cpu" -v lines="$kernel_lines" \
    -v ranks="$RANKS" -v schedules="$SCHEDULES" 'BEGIN {
  printf "kernel: %d lines, %d ranks, %d schedules\n", lines, ranks, schedules
  printf "%d statements in %.2f s wall (%.2f s CPU): %.0f statements/s wall, %.0f per CPU second\n",
         s, wall, cpu, s / wall, s / cpu
}'
