#!/bin/bash
# Instructions spent in the parser (ptoc::ParseProgram, counted by
# callgrind, so the figure does not depend on the machine's load) for the
# "wide" and "deep" kernels of gen_large_kernel.py at two sizes each, for
# two ptoc_parse binaries: the parser before PyPTO's language (issue 13)
# and now. Prints a Markdown table (BENCHMARKS.md, "Parse cost").
#
#   testing/bench/parse_instructions.sh BASE_PTOC_PARSE NEW_PTOC_PARSE [WORKDIR]
#
# Build each binary with `bazel build -c opt //frontend:ptoc_parse` in a checkout
# of the commit to compare (the baseline in BENCHMARKS.md: b7d0fbb).
set -euo pipefail
base="$1"; new="$2"; work="${3:-$(mktemp -d)}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
command -v valgrind >/dev/null || { echo "parse_instructions: valgrind not found" >&2; exit 1; }
mkdir -p "$work"
count() {  # BINARY KERNEL -> instructions inside ParseProgram
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
    '--toggle-collect=ptoc::ParseProgram*' "$1" "$2" -o "$work/out.pb" 2>&1 |
    awk '/Collected/ {print $4}'
}
echo "| kernel | statements | before | now | now / before | per statement now |"
echo "|---|---|---|---|---|---|"
for spec in "wide 10000" "wide 40000" "deep 4000" "deep 16000"; do
  read -r shape n <<<"$spec"
  kernel="$work/${shape}_$n.py"
  if [[ $shape == wide ]]; then
    python3 "$repo/testing/bench/gen_large_kernel.py" --statements="$n" --functions=$((n / 500)) >"$kernel" 2>/dev/null
  else
    python3 "$repo/testing/bench/gen_large_kernel.py" --statements="$n" >"$kernel" 2>/dev/null
  fi
  b=$(count "$base" "$kernel"); w=$(count "$new" "$kernel")
  python3 - "$shape" "$n" "$b" "$w" <<'PY'
import sys
shape, n, b, w = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
print(f"| {shape} | {n // 1000}k | {b / 1e6:.1f}M | {w / 1e6:.1f}M | x{w / b:.2f} | {w / n / 1e3:.1f}k |")
PY
done
