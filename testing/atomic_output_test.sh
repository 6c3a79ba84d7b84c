#!/bin/bash
# No tool leaves a partial output file when it fails: every tool writes its
# output to a temporary file and renames it into place on success
# (WriteFileAtomically, ir/file_util.cc). For each tool, and for each way
# it can fail — a bad input, an input the tool itself rejects after loading
# it, and a write that fails half-way (a file-size limit makes write()
# return EFBIG) — this checks that
#   - the tool exits 1,
#   - no output file appears where there was none,
#   - an output file that was already there keeps its bytes,
#   - no temporary file is left beside it.
# And, as a control, that each tool does write its output when it succeeds;
# and that an output that is a FIFO is written through, not replaced.
#
# Usage: atomic_output_test.sh NAME=PATH... where the names are ptoc,
# ptoc_parse, ptoc_print, insert_comm_fence, expand_mixed_kernel,
# check_comm_contract, ptoc_codegen, ptoc_sim, mesh_barrier
# (examples/mesh_barrier.py), matmul_relu (examples/matmul_relu.py) and
# hostile_pb (a .pb whose tile is larger than its memory, which the parser
# would refuse to write).
set -uo pipefail
declare -A path
for arg in "$@"; do path[${arg%%=*}]="${arg#*=}"; done
for name in ptoc ptoc_parse ptoc_print insert_comm_fence expand_mixed_kernel \
            check_comm_contract ptoc_codegen ptoc_sim mesh_barrier matmul_relu hostile_pb; do
  [[ -n "${path[$name]:-}" ]] || { echo "usage: missing $name=PATH"; exit 2; }
done
tmp="$(mktemp -d "${TEST_TMPDIR:-/tmp}/atomic.XXXXXX")"
failures=0
checks=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect_no_output CASE OUT -- COMMAND...: COMMAND must fail with status 1
# both when OUT is absent (it must stay absent) and when OUT holds earlier
# bytes (they must stay). The command is run by `bash -c` so that a case
# can set a ulimit first.
expect_no_output() {
  local case="$1" out="$2"
  shift 3
  local dir
  dir="$(dirname "$out")"
  for state in absent present; do
    checks=$((checks + 1))
    rm -f "$out"
    [[ $state == present ]] && printf 'earlier output\n' >"$out"
    bash -c "$*" >/dev/null 2>"$tmp/stderr"
    local status=$?
    if [[ $status -ne 1 ]]; then
      fail "$case ($state output): exited $status, expected 1"; sed 's/^/  /' "$tmp/stderr"
    elif [[ $state == absent && -e "$out" ]]; then
      fail "$case: left $(basename "$out") behind ($(stat -c %s "$out") bytes)"
    elif [[ $state == present && "$(cat "$out" 2>/dev/null)" != "earlier output" ]]; then
      fail "$case: changed the output file that was already there"
    elif compgen -G "$dir/$(basename "$out").tmp.*" >/dev/null; then
      fail "$case ($state output): left a temporary file: $(ls "$dir" | grep '\.tmp\.')"
    else
      echo "ok: $case ($state output)"
    fi
    rm -f "$out" "$dir/$(basename "$out")".tmp.*
  done
}

# expect_output CASE OUT -- COMMAND...: the control: COMMAND succeeds and
# writes OUT.
expect_output() {
  local case="$1" out="$2"
  shift 3
  checks=$((checks + 1))
  rm -f "$out"
  if ! bash -c "$*" >/dev/null 2>"$tmp/stderr"; then
    fail "$case: failed"; sed 's/^/  /' "$tmp/stderr"
  elif [[ ! -s "$out" ]]; then
    fail "$case: wrote no output"
  else
    echo "ok: $case"
  fi
}

# A file-size limit of 1 KiB with SIGXFSZ ignored: writing more fails with
# EFBIG instead of killing the tool, so its error path runs half-way
# through a write. Every output below is larger than that.
limit='ulimit -f 1; trap "" XFSZ;'

q() { printf '%q' "$1"; }
ptoc=$(q "${path[ptoc]}"); ptoc_parse=$(q "${path[ptoc_parse]}")
ptoc_print=$(q "${path[ptoc_print]}"); codegen=$(q "${path[ptoc_codegen]}")
out="$tmp/out/result"
mkdir -p "$tmp/out"

# --- inputs ---
printf 'import pypto.language as pl\n\n@pl.program\nclass Broken:\n    def (((\n' >"$tmp/bad.py"
printf 'garbage\xff\xfe\x00\x01 not a program' >"$tmp/garbage.pb"
printf '\x0a\xff\xff\xff\x0f' >"$tmp/truncated.pb"
"${path[ptoc_parse]}" "${path[mesh_barrier]}" -o "$tmp/mesh.pb" || { echo "cannot parse mesh_barrier"; exit 1; }
"${path[ptoc_parse]}" "${path[matmul_relu]}" -o "$tmp/mixed.pb" || { echo "cannot parse matmul_relu"; exit 1; }
"${path[ptoc]}" "${path[mesh_barrier]}" --emit=pb -o "$tmp/mesh_compiled.pb" ||
  { echo "cannot compile mesh_barrier"; exit 1; }
# A mixed kernel that calls another function: expand-mixed-kernel rejects it.
cat >"$tmp/mixed_call.py" <<'PY'
import pypto.language as pl


@pl.program
class MixedCall:
    @pl.function(type=pl.FunctionType.Opaque)
    def helper(self, a: pl.Tensor[[16, 16], pl.FP16]):
        pass

    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        am: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        al: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(am, target_memory=pl.MemorySpace.Left)
        ar: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(am, target_memory=pl.MemorySpace.Right)
        acc: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(al, ar)
        v: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.move(acc, target_memory=pl.MemorySpace.Vec)
        r: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(v)
        self.helper(a)
        pl.tile.store(r, [0, 0], out)
PY
"${path[ptoc_parse]}" "$tmp/mixed_call.py" -o "$tmp/mixed_call.pb" ||
  { echo "cannot parse mixed_call.py"; exit 1; }
# A kernel whose load is statically out of bounds: the verifier rejects it.
cat >"$tmp/hostile.py" <<'PY'
import pypto.language as pl


@pl.program
class Hostile:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [8, 0], [16, 16])
        pl.tile.store(t, [0, 0], out)
PY
hostile_pb=$(q "${path[hostile_pb]}")

# --- ptoc ---
expect_output "ptoc writes its output" "$out" -- "$ptoc" "$(q "${path[mesh_barrier]}")" -o "$out"
expect_no_output "ptoc, malformed kernel" "$out" -- "$ptoc" "$tmp/bad.py" -o "$out"
expect_no_output "ptoc, garbage .pb" "$out" -- "$ptoc" "$tmp/garbage.pb" -o "$out"
expect_no_output "ptoc, a pass rejects the kernel" "$out" -- \
  "$ptoc" "$tmp/mixed_call.py" -o "$out"
expect_no_output "ptoc, check-comm-contract rejects the kernel" "$out" -- \
  "$ptoc" "$(q "${path[mesh_barrier]}")" --passes=check-comm-contract --emit=pb -o "$out"
expect_no_output "ptoc, codegen rejects an InCore function" "$out" -- \
  "$ptoc" "$(q "${path[mesh_barrier]}")" --passes= -o "$out"
for emit in text pto cce pb; do
  expect_no_output "ptoc --emit=$emit, a hostile shape (.py)" "$out" -- \
    "$ptoc" "$tmp/hostile.py" --emit=$emit -o "$out"
  expect_no_output "ptoc --emit=$emit, a hostile shape (.pb)" "$out" -- \
    "$ptoc" "$hostile_pb" --emit=$emit -o "$out"
done
expect_no_output "ptoc, the write fails half-way" "$out" -- \
  "$limit" "$ptoc" "$(q "${path[mesh_barrier]}")" --emit=text -o "$out"

# --- ptoc-parse and ptoc-print ---
expect_output "ptoc-parse writes its output" "$out" -- \
  "$ptoc_parse" "$(q "${path[mesh_barrier]}")" -o "$out"
expect_no_output "ptoc-parse, malformed kernel" "$out" -- "$ptoc_parse" "$tmp/bad.py" -o "$out"
expect_no_output "ptoc-parse, a hostile shape" "$out" -- "$ptoc_parse" "$tmp/hostile.py" -o "$out"
expect_no_output "ptoc-parse, the write fails half-way" "$out" -- \
  "$limit" "$ptoc_parse" "$(q "${path[mesh_barrier]}")" -o "$out"
expect_output "ptoc-print writes its output" "$out" -- "$ptoc_print" "$tmp/mesh.pb" -o "$out"
expect_no_output "ptoc-print, truncated .pb" "$out" -- "$ptoc_print" "$tmp/truncated.pb" -o "$out"
expect_no_output "ptoc-print, the write fails half-way" "$out" -- \
  "$limit" "$ptoc_print" "$tmp/mesh.pb" -o "$out"

# --- the pass binaries ---
for pass in insert_comm_fence expand_mixed_kernel check_comm_contract; do
  tool=$(q "${path[$pass]}")
  good="$tmp/mesh.pb"
  [[ $pass == check_comm_contract ]] && good="$tmp/mesh_compiled.pb"
  expect_output "$pass writes its output" "$out" -- "$tool" "$good" -o "$out"
  expect_no_output "$pass, garbage .pb" "$out" -- "$tool" "$tmp/garbage.pb" -o "$out"
  expect_no_output "$pass, truncated .pb" "$out" -- "$tool" "$tmp/truncated.pb" -o "$out"
  expect_no_output "$pass, a hostile shape" "$out" -- "$tool" "$hostile_pb" -o "$out"
  expect_no_output "$pass, the write fails half-way" "$out" -- "$limit" "$tool" "$good" -o "$out"
done
expect_no_output "expand_mixed_kernel rejects the kernel" "$out" -- \
  "$(q "${path[expand_mixed_kernel]}")" "$tmp/mixed_call.pb" -o "$out"
expect_no_output "check_comm_contract rejects the kernel" "$out" -- \
  "$(q "${path[check_comm_contract]}")" "$tmp/mesh.pb" -o "$out"

# --- ptoc-codegen ---
for target in pto cce; do
  expect_output "ptoc-codegen --target=$target writes its output" "$out" -- \
    "$codegen" --target=$target "$tmp/mesh_compiled.pb" -o "$out"
  expect_no_output "ptoc-codegen --target=$target, an InCore function" "$out" -- \
    "$codegen" --target=$target "$tmp/mesh.pb" -o "$out"
  expect_no_output "ptoc-codegen --target=$target, garbage .pb" "$out" -- \
    "$codegen" --target=$target "$tmp/garbage.pb" -o "$out"
  expect_no_output "ptoc-codegen --target=$target, a hostile shape" "$out" -- \
    "$codegen" --target=$target "$hostile_pb" -o "$out"
  expect_no_output "ptoc-codegen --target=$target, the write fails half-way" "$out" -- \
    "$limit" "$codegen" --target=$target "$tmp/mesh_compiled.pb" -o "$out"
done

# --- ptoc-sim: its report is an output too ---
sim=$(q "${path[ptoc_sim]}")
expect_no_output "ptoc-sim, a hostile shape (.py)" "$out" -- "$sim" "$tmp/hostile.py" --entry=k -o "$out"
expect_no_output "ptoc-sim, a hostile shape (.pb)" "$out" -- "$sim" "$hostile_pb" --entry=k -o "$out"
# A usage error (exit 2) leaves no report either.
for ranks in 0 1000000; do
  checks=$((checks + 1))
  rm -f "$out"
  bash -c "$sim $(q "${path[mesh_barrier]}") --entry=exchange --ranks=$ranks -o $(q "$out")" \
    >/dev/null 2>"$tmp/stderr"
  status=$?
  if [[ $status -ne 2 ]]; then
    fail "ptoc-sim --ranks=$ranks: exited $status, expected 2"; sed 's/^/  /' "$tmp/stderr"
  elif [[ -e "$out" ]]; then
    fail "ptoc-sim --ranks=$ranks: left a report behind"
  else
    echo "ok: ptoc-sim --ranks=$ranks is a usage error"
  fi
done

# A device or a pipe as the output is written in place: the rename that
# makes a regular file appear atomically must not replace it (with a
# regular file, as `-o /dev/null` once did to the machine's /dev/null).
checks=$((checks + 1))
mkfifo "$tmp/fifo"
timeout 20 cat "$tmp/fifo" >"$tmp/from_fifo" &
reader=$!
timeout 20 "${path[ptoc_parse]}" "${path[mesh_barrier]}" -o "$tmp/fifo"
status=$?
wait "$reader"
if [[ $status -ne 0 ]]; then
  fail "ptoc-parse -o FIFO: exited $status"
elif [[ ! -p "$tmp/fifo" ]]; then
  fail "ptoc-parse -o FIFO replaced the FIFO with a regular file"
elif ! cmp -s "$tmp/from_fifo" "$tmp/mesh.pb"; then
  fail "ptoc-parse -o FIFO: the reader did not get the output"
else
  echo "ok: ptoc-parse -o FIFO writes through the FIFO"
fi

echo "$checks checks, $failures failed"
[[ $failures -eq 0 ]]
