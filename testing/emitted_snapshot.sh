#!/bin/bash
# Writes everything ptoc emits for a fixed set of kernels into OUT_DIR, one
# file per (kernel, backend, mode, target), for refactorings that must not
# change the output: take a snapshot before and after, then `diff -r`.
#
#   testing/emitted_snapshot.sh OUT_DIR [PTOC]
#
# Kernels: the examples, every kernel of codegen/testdata (ops/ and
# pipe_sync/ included) and runtime/testdata, and the generated benchmark
# kernels of testing/bench (sets C-F and the quality sets). For each: .pto,
# .cpp and the sync plan, on a2a3 and a5, under flags, flags-unbounded and
# barrier-all; the examples also with --narrow-regions and --v2c-sync=barrier.
# A build ptoc rejects leaves its error message instead. The last line
# counts the files.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:?usage: emitted_snapshot.sh OUT_DIR [PTOC]}"
ptoc="$(realpath "${2:-$repo/bazel-bin/driver/ptoc}")"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
cd "$repo"

gen="$(mktemp -d)"
trap 'rm -rf "$gen"' EXIT
bench=testing/bench
for k in 1 4 16; do
  python3 "$bench/gen_pipe_kernels.py" cube --chunks="$k" --buffers=1 -o "$gen/cube_k${k}_b1.py"
done
python3 "$bench/gen_pipe_kernels.py" cube --chunks=4 --buffers=2 -o "$gen/cube_k4_b2.py"
python3 "$bench/gen_pipe_kernels.py" fifo --iterations=4 -o "$gen/fifo_4.py"
for n in 4 12; do python3 "$bench/gen_pipe_kernels.py" ids --loads="$n" -o "$gen/ids_$n.py"; done
for op in relu add exp_add; do
  for b in 1 2 3; do
    python3 "$bench/gen_stream.py" --chunks=8 --tile-kb=4 --op="$op" --buffers="$b" \
      -o "$gen/stream_${op}_b$b.py"
  done
done
mkdir -p "$gen/quality"
python3 "$bench/quality_kernels.py" "$gen/quality" >/dev/null

emit() {  # KERNEL TAG FLAGS...
  local kernel="$1" tag="$2"
  shift 2
  local base
  base="$(echo "${kernel%.py}" | sed 's|^\./||' | tr '/' '_')$tag"
  local target ext
  for target in pto cce syncplan; do
    ext="$target"
    "$ptoc" "$kernel" --emit="$target" "$@" -o "$out/$base.$ext" 2>"$out/$base.$ext.err" ||
      true
    [[ -s "$out/$base.$ext.err" ]] || rm -f "$out/$base.$ext.err"
  done
}

# Every kernel is emitted by a relative path from $gen, so the output does
# not depend on the temporary folder (the .cpp names its source).
for dir in examples codegen/testdata codegen/testdata/ops codegen/testdata/pipe_sync runtime/testdata; do
  mkdir -p "$gen/$dir"
  cp "$dir"/*.py "$gen/$dir/"
done
cd "$gen"
kernels=$(ls examples/*.py codegen/testdata/*.py codegen/testdata/ops/*.py \
  codegen/testdata/pipe_sync/*.py runtime/testdata/*.py ./*.py quality/*.py)
for kernel in $kernels; do
  for backend in a2a3 a5; do
    for mode in flags flags-unbounded barrier-all; do
      emit "$kernel" ".$backend.$mode" --backend="$backend" --pipe-sync="$mode"
    done
    if [[ "$kernel" == examples/* ]]; then
      emit "$kernel" ".$backend.narrow" --backend="$backend" --narrow-regions
      emit "$kernel" ".$backend.v2c-barrier" --backend="$backend" --v2c-sync=barrier
    fi
  done
done
echo "emitted_snapshot: $(find "$out" -type f ! -name '*.err' | wc -l) files," \
  "$(find "$out" -name '*.err' | wc -l) rejections, in $out"
