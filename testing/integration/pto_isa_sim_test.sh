#!/bin/bash
# Conformance (issue 12): the emitted .cpp of the examples (and of the
# runtime's scalar, put / get and polling kernels) runs on pto-isa's CPU
# simulation and computes what ptoc-sim computes.
#
# For each kernel and backend (a2a3, a5): `ptoc --emit=pb` and `--emit=cce`
# (default pipeline); `ptoc-sim --dump-outputs` must run clean; the .cpp is
# compiled with the real pto-isa headers (-D__CPU_SIM) into
# testing/conformance/pto_isa_launcher.cpp, which runs every lane on its own
# thread in pto::cpu_sim::ScopedExecutionContext, ranks as core groups
# (block_idx = rank) with their own GM block, from the inputs ptoc-sim used
# (testing/conformance/launch_plan --plan, same seed); the launch is repeated
# with each lane thread once started late, and every run must give the same
# outputs. Those outputs must equal ptoc-sim's byte for byte (every Out /
# InOut tensor of every rank, in its dtype): the inputs are multiples of 1/4
# in [-2, 2], so adds, relu and fp16 products accumulated in fp32 are exact.
# One tolerance: attention_tile takes exp (pto-isa: float expf; ptoc-sim:
# double exp rounded) and feeds it to an fp32 matmul, so its output is
# compared within 1e-5 relative (measured: 3.4e-6 at most); so is
# elementwise_rows's float chain (sqrt, log and recip: float on pto-isa,
# double rounded in ptoc-sim) and expand's (an exp, and products whose
# order of rounding differs).
# Launches: 1C:1V (one thread per lane) for all; the mixed kernels
# (matmul_relu, v2c_handoff, attention_tile, ...) also 1C:2V (one AIC
# thread, two AIV subblock threads, subblock_dim 2), the launch of the
# hardware. two_way_ring (two tiles in flight each way through one pipe,
# comm-hazards.md H3) is an a2a3 kernel: on a5 a V2C push must be NZ.
#
# pto-isa's CPU simulation does not model dcci, dsb, pipe_barrier,
# set/wait_flag or SYNCALL (no-ops) nor caches: ordering is ptoc-sim's to
# judge; this test judges the device API's semantics (tile ops, FIFO, comm).
# Prints each failure with its first error line and `sim-correct X of Y` per
# launch. Exits 0 when all pass, 1 otherwise, 77 when pto-isa or the
# compiler is missing (1 under CI=true).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../conformance/lib.bash"
name=pto_isa_sim_test
need_pto_isa "$name"
build_tools //driver:ptoc //runtime:ptoc_sim //testing/conformance:launch_plan
ptoc="$bin/driver/ptoc"
sim="$bin/runtime/ptoc_sim"
plan_tool="$bin/testing/conformance/launch_plan"
launcher_src="$conf_repo/testing/conformance/pto_isa_launcher.cpp"
begin_run ptoc-pto-isa-sim -O0 -pthread

# NAME KERNEL ENTRY MIXED TOLERANCE [LAUNCH FLAGS...]; NAME@BACKEND: that
# backend only.
cases=(
  "ring examples/ring_allreduce.py ring 0 0 --ranks=4 --scalar chunk_elems=64"
  "mesh examples/mesh_barrier.py exchange 0 0 --ranks=8"
  "matmul_relu examples/matmul_relu.py mm_relu 1 0"
  "two_way@a2a3 runtime/testdata/two_way_ring.py two_way 1 0"
  "v2c_handoff examples/v2c_handoff.py rope_score 1 0"
  "reduce_to_root examples/reduce_to_root.py reduce_to_root 0 0 --ranks=4"
  "credit_ring examples/credit_ring.py credit_ring 0 0 --ranks=2"
  "attention_tile examples/attention_tile.py attention_tile 1 1e-5"
  "mailbox runtime/testdata/mailbox.py mailbox 0 0 --ranks=4"
  "put_get runtime/testdata/put_get.py exchange 0 0 --ranks=4"
  "poll runtime/testdata/poll.py poll 0 0 --ranks=2"
  "ew_floats runtime/testdata/elementwise_rows.py floats 0 1e-5"
  "ew_ints runtime/testdata/elementwise_rows.py ints 0 0"
  "ew_casts runtime/testdata/elementwise_rows.py casts 0 0"
  "ew_scratch runtime/testdata/elementwise_rows.py scratch 0 1e-6"
  "ew_rsqrt runtime/testdata/elementwise_rows.py rsqrt 0 1e-6"
  "named_main runtime/testdata/kernel_named_main.py main 0 0"
  "reductions runtime/testdata/reductions.py k 0 1e-6"
  "slices_vec runtime/testdata/slices.py vec 0 0 --scalar r=6"
  "slices_cube runtime/testdata/slices.py cube 1 0"
  "slices_cube_rows runtime/testdata/slices.py cube_rows 1 0 --scalar r=16"
  "batch_matmul runtime/testdata/batch_matmul.py k 1 0"
  "matmul_init_cond runtime/testdata/matmul_init_cond.py k 1 0"
  "extract_vec runtime/testdata/slices.py extract_vec 0 0 --scalar r=5"
  "extract_cube runtime/testdata/slices.py extract_cube 1 0"
  "reshape runtime/testdata/slices.py reshape 0 0"
  "turn runtime/testdata/slices.py turn 0 0"
  "assemble runtime/testdata/slices.py assemble 0 0 --scalar r=10"
  "matmul_acc runtime/testdata/matmul_acc.py k 1 0"
  "expand runtime/testdata/expand.py k 0 1e-5"
  "full runtime/testdata/full.py k 0 0"
  "compare_select runtime/testdata/compare_select.py k 0 0"
  "transpose runtime/testdata/transpose.py k 0 0"
  "fillpad runtime/testdata/fillpad.py k 0 0"
  "trig runtime/testdata/trig.py k 0 0"
  "row_expand runtime/testdata/row_expand.py k 0 1e-6"
  "arg_reduce runtime/testdata/arg_reduce.py k 0 0"
  "ternary runtime/testdata/ternary.py k 0 0"
  "prefetch runtime/testdata/prefetch.py k 0 0"
  "high_precision runtime/testdata/high_precision.py k 0 1e-6"
  "array runtime/testdata/array.py k 0 0"
  "tri runtime/testdata/tri.py k 0 0 --scalar d=3"
  "concat runtime/testdata/concat.py k 0 0"
  "col_sum_tmp runtime/testdata/col_sum_tmp.py k 0 0"
  "gather_mask runtime/testdata/gather_mask.py k 0 0"
)
for c in "${cases[@]}"; do
  label="${c%% *}"
  for backend in a2a3 a5; do
    [[ "$label" == *@* && "${label#*@}" != "$backend" ]] && continue
    echo "$backend ${label%@*} ${c#* }"
  done
done > "$out/list"

# --- build: emit, plan, reference run, compile (two at a time) ---
build_one() {  # BACKEND NAME KERNEL ENTRY MIXED TOLERANCE FLAGS...
  local backend="$1" case="$2.$1" kernel="$3" entry="$4"
  shift 6
  local d="$out/$case"
  mkdir -p "$d"
  if ! "$ptoc" "$kernel" --backend="$backend" --emit=pb -o "$d/k.pb" > "$d/build.log" 2>&1 ||
     ! "$ptoc" "$kernel" --backend="$backend" --emit=cce -o "$d/k.cpp" >> "$d/build.log" 2>&1; then
    echo "ptoc rejects the kernel" > "$d/stage"
    return 0
  fi
  if ! "$plan_tool" "$d/k.pb" --entry="$entry" "$@" --plan="$d/plan" >> "$d/build.log" 2>&1; then
    echo "launch_plan" > "$d/stage"
    return 0
  fi
  if ! "$sim" "$d/k.pb" --entry="$entry" "$@" --dump-outputs="$d/want" > "$d/sim.log" 2>&1; then
    cp "$d/sim.log" "$d/build.log"
    echo "ptoc-sim is not clean" > "$d/stage"
    return 0
  fi
  # shellcheck disable=SC2086
  if ! "$CXX_PTO_ISA" $pto_isa_flags_str -O0 -pthread -I"$conf_repo" -DPTOC_KERNEL_CPP="\"$d/k.cpp\"" \
      "$launcher_src" -rdynamic -pthread -ldl -o "$d/launcher" > "$d/build.log" 2>&1; then
    echo "pto-isa compile" > "$d/stage"
    return 0
  fi
  touch "$d/built"
}
export -f build_one
export out ptoc sim plan_tool launcher_src CXX_PTO_ISA conf_repo
export pto_isa_flags_str="${pto_isa_flags[*]} ${pto_isa_pch_flags[*]}"
xargs -P2 -L1 bash -c 'build_one "$@"' _ < "$out/list"

# --- run and compare, one at a time (the ranks are threads already) ---
failed=0
declare -A good total
# launch CASE D ENTRY AIV RUNS TOLERANCE FLAGS...: one launch; prints a failure line.
launch() {
  local case="$1" d="$2" entry="$3" aiv="$4" runs="$5" tolerance="$6"
  shift 6
  local tag="1C:${aiv}V" o="$d/got.aiv$aiv"
  total[$tag]=$((${total[$tag]:-0} + 1))
  mkdir -p "$o"
  # The watchdog is for hangs only: a run takes a few seconds, but this
  # test runs beside remote_build_test's Bazel servers on two cores.
  "$d/launcher" "$d/plan" "$o" --aiv="$aiv" --runs="$runs" --timeout=300 > "$o.log" 2>&1
  local rc=$?
  if [[ $rc -ne 0 ]]; then
    echo "FAILED [$tag] $case: $(grep -m1 '^launcher:' "$o.log" || head -n1 "$o.log")"
    failed=$((failed + 1))
    [[ $rc -ne 1 ]] && return
  fi
  if ! "$plan_tool" "$d/k.pb" --entry="$entry" "$@" --got="$o" --want="$d/want" \
      --tolerance="$tolerance" --got-text="$o.txt" > "$o.cmp" 2>&1; then
    echo "FAILED [$tag] $case: outputs differ from ptoc-sim's: $(head -n1 "$o.cmp" | sed 's/^ *//')"
    sed 's/^/    /' "$o.cmp" | head -n 8
    failed=$((failed + 1))
    return
  fi
  [[ $rc -eq 0 ]] && good[$tag]=$((${good[$tag]:-0} + 1))
}
while read -r backend cname kernel entry mixed tolerance flags; do
  case="$cname.$backend"
  d="$out/$case"
  # shellcheck disable=SC2086
  if [[ ! -e "$d/built" ]]; then
    for aiv in 1 $([[ $mixed == 1 ]] && echo 2); do
      total["1C:${aiv}V"]=$((${total["1C:${aiv}V"]:-0} + 1))
    done
    echo "FAILED [build] $case: $(cat "$d/stage"): $(first_error "$d/build.log" | sed "s|$out/||")"
    failed=$((failed + 1))
    continue
  fi
  lanes=$(grep -c '^lane ' "$d/plan/plan.txt")
  # shellcheck disable=SC2086
  launch "$case" "$d" "$entry" 1 $((1 + lanes)) "$tolerance" $flags
  if [[ $mixed == 1 ]]; then
    # shellcheck disable=SC2086
    launch "$case" "$d" "$entry" 2 $((1 + 3 * (lanes + 1))) "$tolerance" $flags
  fi
done < "$out/list"

# --- controls: the harness can fail ---
# A wrong output byte is caught by the comparison.
control=""
for d in "$out"/*/got.aiv1; do
  if [[ -e "$d.log" ]] && grep -q "all runs equal" "$d.log" && [[ -z "$control" ]]; then
    control="$d"
  fi
done
if [[ -n "$control" ]]; then
  case_dir="$(dirname "$control")"
  read -r backend cname kernel entry mixed tolerance flags < <(grep " $(basename "$case_dir" | cut -d. -f1) " "$out/list" | grep "^$(basename "$case_dir" | cut -d. -f2) ")
  cp -r "$control" "$out/control.got"
  f="$(ls "$out/control.got"/*.bin | head -n1)"
  printf '\x5a' | dd of="$f" bs=1 seek=1 conv=notrunc status=none
  # shellcheck disable=SC2086
  if "$plan_tool" "$case_dir/k.pb" --entry="$entry" $flags --got="$out/control.got" \
      --want="$case_dir/want" > "$out/control.cmp" 2>&1 ||
     cmp -s "$f" "$control/$(basename "$f")"; then
    echo "FAILED [control] a changed byte of $(basename "$case_dir")'s $(basename "$f") is not caught"
    failed=$((failed + 1))
  else
    echo "ok [control] a changed byte of $(basename "$case_dir")'s $(basename "$f") is caught"
  fi
else
  echo "FAILED [control] no case ran clean, so the byte-change control could not run"
  failed=$((failed + 1))
fi
# A signal nobody sends hangs TWAIT (PTO_CPU_SIM_TWAIT_MAX_SPINS=0) and the
# watchdog reports it.
d="$out/control.wait"
mkdir -p "$d/got"
if "$ptoc" runtime/testdata/wait_nobody.py --emit=pb -o "$d/k.pb" &&
   "$ptoc" runtime/testdata/wait_nobody.py --emit=cce -o "$d/k.cpp" &&
   "$plan_tool" "$d/k.pb" --entry=k --ranks=2 --plan="$d/plan" &&
   "$CXX_PTO_ISA" "${pto_isa_flags[@]}" "${pto_isa_pch_flags[@]}" -O0 -pthread \
     -I"$conf_repo" -DPTOC_KERNEL_CPP="\"$d/k.cpp\"" "$launcher_src" -rdynamic -pthread -ldl -o "$d/launcher"; then
  "$d/launcher" "$d/plan" "$d/got" --timeout=2 > "$d/log" 2>&1
  if [[ $? -eq 3 ]]; then
    echo "ok [control] a wait nobody satisfies is reported: $(grep -m1 '^launcher:' "$d/log")"
  else
    echo "FAILED [control] a wait nobody satisfies is not reported as a hang: $(head -n1 "$d/log")"
    failed=$((failed + 1))
  fi
else
  echo "FAILED [control] cannot build runtime/testdata/wait_nobody.py for the hang control"
  failed=$((failed + 1))
fi

for tag in 1C:1V 1C:2V; do
  echo "sim-correct ${good[$tag]:-0} of ${total[$tag]:-0} ($tag)"
done
echo "$name: sim-correct ${good[1C:1V]:-0} of ${total[1C:1V]:-0} (1C:1V), ${good[1C:2V]:-0} of ${total[1C:2V]:-0} (1C:2V) ($((SECONDS - start)) s)"
[[ $failed -eq 0 ]]
