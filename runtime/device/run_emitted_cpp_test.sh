#!/bin/bash
# Runs emitted C++ on the simulated machine (ptoc-run-cpp) and checks it
# against the IR simulator:
#   - the example kernels (and the runtime's scalar / put-get / polling
#     kernels) after the default pipeline run clean, over several
#     schedules, and their Out / InOut tensors equal ptoc-sim's;
#   - the same .cpp with a marker deleted (a dsb, a dcci of a scalar
#     write, a TPUSH, ...) is reported, at the kernel's source lines;
#   - the 1 AIC : 2 AIV kernels run on three lanes (the launch their
#     PTO_SYNCALL_MIX_AIC_KERNEL_META declares), and a TPipe whose IsNoSplit
#     or LocalSlotNum contradicts its use, or whose GM rings pass the end of
#     gm_pipe_buffer, or a forced 1C:1V launch of a split kernel, is
#     reported;
#   - whole programs (PyPTO's system tests, from their host or
#     orchestration function) run clean with ptoc-sim's outputs, and a
#     kernel that does not invalidate the lines an earlier kernel on its
#     core left (comm-hazards.md H5) reads stale data;
#   - launch errors are diagnostics, not crashes.
# usage: run_emitted_cpp_test.sh PTOC PTOC_SIM PTOC_RUN_CPP PTO_INST_HPP
set -u
source runtime/device/test_lib.bash run_emitted_cpp "$@"

# build NAME KERNEL [PTOC FLAGS...]: NAME.pb, NAME.cpp and the two objects.
build() {
  local name="$1" kernel="$2"
  shift 2
  "$ptoc" "$kernel" "$@" --emit=pb -o "$out/$name.pb" &&
    "$ptoc" "$kernel" "$@" --emit=cce -o "$out/$name.cpp" &&
    compile "$name"
}

# run_cpp PB NAME [FLAGS...]: ptoc-run-cpp on NAME.cpp's objects.
run_cpp() {
  local pb="$1" name="$2"
  shift 2
  "$run_cpp" "$out/$pb.pb" --cpp="$out/$name.cpp" --vec="$out/$name.vec.so" \
    --cube="$out/$name.cube.so" "$@"
}

# same NAME KERNEL ENTRY "PTOC FLAGS" [RUN FLAGS...]: clean, and equal to ptoc-sim.
same() {
  local name="$1" kernel="$2" entry="$3" flags="$4"
  shift 4
  checks=$((checks + 1))
  # shellcheck disable=SC2086
  if ! build "$name" "$kernel" $flags; then
    fail "$name: could not emit or compile"
    return
  fi
  if ! run_cpp "$name" "$name" --entry="$entry" --schedules=5 \
      --dump-outputs="$out/$name.cpp_out" "$@" > "$out/$name.cpp_report"; then
    fail "$name: the C++ run is not clean:"
    cat "$out/$name.cpp_report" >&2
    return
  fi
  if ! "$sim" "$out/$name.pb" --entry="$entry" --dump-outputs="$out/$name.ir_out" "$@" \
      > "$out/$name.ir_report"; then
    fail "$name: ptoc-sim is not clean"
    return
  fi
  if [[ -z "$(ls "$out/$name.cpp_out")" ]]; then
    fail "$name: the C++ run dumped no tensor"
  elif ! diff -r "$out/$name.ir_out" "$out/$name.cpp_out" >&2; then
    fail "$name: the C++ run's outputs differ from ptoc-sim's"
  else
    echo "ok: $name runs clean and computes what ptoc-sim computes"
  fi
}

# found NAME PB "WHAT" [RUN FLAGS...]: the run of NAME exits 1 with every
# line of WHAT (newline-separated) in its report.
found() {
  local name="$1" pb="$2" what="$3"
  shift 3
  checks=$((checks + 1))
  run_cpp "$pb" "$name" "$@" > "$out/$name.report" 2>&1
  local rc=$?
  if [[ $rc -ne 1 ]]; then
    fail "$name: exit status $rc, expected 1"
    cat "$out/$name.report" >&2
    return
  fi
  while IFS= read -r line; do
    if ! grep -qF -- "$line" "$out/$name.report"; then
      fail "$name: the report lacks '$line':"
      cat "$out/$name.report" >&2
      return
    fi
  done <<< "$what"
  echo "ok: $name is reported"
}

# mutate NAME FROM SED_SCRIPT: NAME.cpp = FROM.cpp edited, and its objects.
mutate() {
  sed "$3" "$out/$2.cpp" > "$out/$1.cpp"
  if cmp -s "$out/$1.cpp" "$out/$2.cpp"; then
    fail "$1: the edit '$3' changed nothing"
  fi
  compile "$1" || fail "$1: does not compile"
}

same ring examples/ring_allreduce.py ring "" --ranks=4 --scalar chunk_elems=64
same mesh examples/mesh_barrier.py exchange "" --ranks=8
same matmul examples/matmul_relu.py mm_relu ""
same v2c_a2a3 examples/v2c_handoff.py rope_score "--backend=a2a3"
same v2c_a5 examples/v2c_handoff.py rope_score "--backend=a5"
same reduce examples/reduce_to_root.py reduce_to_root "" --ranks=4
same mailbox runtime/testdata/mailbox.py mailbox "" --ranks=4
same put_get runtime/testdata/put_get.py exchange "" --ranks=4
same put_get_subregion runtime/testdata/put_get_subregion.py exchange "" --ranks=2
same poll runtime/testdata/poll.py poll "" --ranks=2
same credit_ring examples/credit_ring.py credit_ring "" --ranks=2
same split_attention examples/split_attention.py split_attention "--backend=a2a3"
same split_attention_a5 examples/split_attention.py split_attention "--backend=a5"
same dual_v2c examples/dual_v2c_handoff.py dual_v2c_handoff "--backend=a2a3"
same dual_v2c_a5 examples/dual_v2c_handoff.py dual_v2c_handoff "--backend=a5"
same two_held runtime/testdata/two_held.py two_held "--backend=a5"
same two_way runtime/testdata/two_way_ring.py two_way "--backend=a2a3"
same ew_floats runtime/testdata/elementwise_rows.py floats ""
same ew_ints runtime/testdata/elementwise_rows.py ints "--backend=a5"
same ew_ints_a2a3 runtime/testdata/elementwise_rows.py ints ""
same ew_casts runtime/testdata/elementwise_rows.py casts ""
same ew_scratch runtime/testdata/elementwise_rows.py scratch ""
same ew_scratch_a5 runtime/testdata/elementwise_rows.py scratch "--backend=a5"
same ew_rsqrt runtime/testdata/elementwise_rows.py rsqrt ""
same ew_rsqrt_a5 runtime/testdata/elementwise_rows.py rsqrt "--backend=a5"
same named_main runtime/testdata/kernel_named_main.py main ""
same dynamic_dims runtime/testdata/dynamic_dims.py add_rows "" --scalar M=32 --scalar N=16
same dynamic_dims_mixed runtime/testdata/dynamic_dims.py mm_relu "" --scalar M=32
same scalar_min_max runtime/testdata/dynamic_dims.py clamp_rows "" --scalar r=40
same reductions runtime/testdata/reductions.py k ""
same slices_vec runtime/testdata/slices.py vec "" --scalar r=6
same slices_cube runtime/testdata/slices.py cube ""
same slices_cube_a5 runtime/testdata/slices.py cube "--backend=a5"
same extract_vec runtime/testdata/slices.py extract_vec "" --scalar r=5
same extract_cube runtime/testdata/slices.py extract_cube ""
same extract_cube_a5 runtime/testdata/slices.py extract_cube "--backend=a5"
same reshape runtime/testdata/slices.py reshape ""
same reshape_a5 runtime/testdata/slices.py reshape "--backend=a5"
same assemble runtime/testdata/slices.py assemble "" --scalar r=10
same assemble_a5 runtime/testdata/slices.py assemble "--backend=a5" --scalar r=10
same mgather runtime/testdata/mgather.py k ""
same mgather_a5 runtime/testdata/mgather.py k "--backend=a5"
same compare_select runtime/testdata/compare_select.py k ""
same compare_select_a5 runtime/testdata/compare_select.py k "--backend=a5"
same trig runtime/testdata/trig.py k ""
same trig_a5 runtime/testdata/trig.py k "--backend=a5"
same transpose runtime/testdata/transpose.py k ""
same transpose_a5 runtime/testdata/transpose.py k "--backend=a5"
same fillpad runtime/testdata/fillpad.py k ""
same fillpad_a5 runtime/testdata/fillpad.py k "--backend=a5"
same row_expand runtime/testdata/row_expand.py k ""
same row_expand_a5 runtime/testdata/row_expand.py k "--backend=a5"
same arg_reduce runtime/testdata/arg_reduce.py k ""
same arg_reduce_a5 runtime/testdata/arg_reduce.py k "--backend=a5"
same ternary runtime/testdata/ternary.py k ""
same ternary_a5 runtime/testdata/ternary.py k "--backend=a5"
same gatherb runtime/testdata/gatherb.py k "" --scalar col=16
same gatherb_a5 runtime/testdata/gatherb.py k "--backend=a5" --scalar col=16
same reinterpret runtime/testdata/reinterpret.py k ""
same reinterpret_a5 runtime/testdata/reinterpret.py k "--backend=a5"
same set_validshape runtime/testdata/set_validshape.py k "" --scalar r=13 --scalar c=20
same set_validshape_a5 runtime/testdata/set_validshape.py k "--backend=a5" --scalar r=13 --scalar c=20
same blocks runtime/testdata/block_idx.py k ""
same matmul_bias runtime/testdata/matmul_bias.py k ""
same matmul_bias_a5 runtime/testdata/matmul_bias.py k "--backend=a5"
same gemv runtime/testdata/gemv.py k ""
same gemv_a5 runtime/testdata/gemv.py k "--backend=a5"
same matmul_acc runtime/testdata/matmul_acc.py k ""
same matmul_acc_a5 runtime/testdata/matmul_acc.py k "--backend=a5"
same expand runtime/testdata/expand.py k ""
same expand_a5 runtime/testdata/expand.py k "--backend=a5"
same full runtime/testdata/full.py k ""
same full_a5 runtime/testdata/full.py k "--backend=a5"
same read_write runtime/testdata/read_write.py k ""
same read_write_a5 runtime/testdata/read_write.py k "--backend=a5"
same prefetch runtime/testdata/prefetch.py k ""
same prefetch_a5 runtime/testdata/prefetch.py k "--backend=a5"
same high_precision runtime/testdata/high_precision.py k ""
same high_precision_a5 runtime/testdata/high_precision.py k "--backend=a5"
same array runtime/testdata/array.py k ""
same array_a5 runtime/testdata/array.py k "--backend=a5"
same tri runtime/testdata/tri.py k "" --scalar d=3
same tri_a5 runtime/testdata/tri.py k "--backend=a5" --scalar d=3
same concat runtime/testdata/concat.py k ""
same concat_a5 runtime/testdata/concat.py k "--backend=a5"
same col_sum_tmp runtime/testdata/col_sum_tmp.py k ""
same col_sum_tmp_a5 runtime/testdata/col_sum_tmp.py k "--backend=a5"
same gather_mask runtime/testdata/gather_mask.py k ""
same gather_mask_a5 runtime/testdata/gather_mask.py k "--backend=a5"

# Whole programs (testing/pypto_st): the host or orchestration entry's
# launches, each rank's one after another on its core group, all ranks at
# once: two window buffers at the same offsets on every rank and a kernel
# reading what the previous one stored (remote_store_window_raw), a cube
# Group after another kernel (gemm_sharded), a composite collective, and
# four SPMD blocks meeting at an AIV-only syncall that the idle cube lanes
# must not count in (spmd_syncall).
st=testing/pypto_st/programs
same st_allreduce_mesh $st/allreduce_mesh.py host_orch "" --ranks=2 --scalar NR=2
same st_allreduce_ring_4 $st/allreduce_ring_4.py host_orch "" --ranks=4
same st_notify_wait $st/notify_wait.py host_orch "" --ranks=2
same st_remote_store_ring $st/remote_store_ring.py host_orch "" --ranks=2
same st_window_raw $st/remote_store_window_raw.py host_orch "" --ranks=2
same st_gemm_sharded $st/gemm_sharded.py host_orch "" --ranks=2
same st_barrier_intrinsic $st/tensor_barrier_intrinsic_2.py host_orch "" --ranks=2
same st_spmd_syncall $st/runtime/test_syncall__SPMDSyncAllSoftProgram.py orchestrator ""

# comm-hazards.md H5 (runtime/tests/stale_lines_across_kernels.py): the
# line `peek` cached is still in the AIV core's data cache when `check`
# starts on it, two launches later. With the whole-cache dcci the compiler
# puts at the start of `check`, the program runs clean with ptoc-sim's
# outputs; without it, `check`'s scalar read of the window is stale (seen
# because compile() makes the objects report their loads).
same stale_lines runtime/tests/stale_lines_across_kernels.py host_orch ""
mutate stale_lines_no_start_dcci stale_lines \
  '/void check(/,/dcci((__gm__ void\*)0, cache_line_t::ENTIRE_DATA_CACHE);/{/dcci(/d}'
found stale_lines_no_start_dcci stale_lines "stale_lines_across_kernels.py:69:9: error: stale read: aiv lane (check) of rank 0 read win[0, 0] on rank 0
missing marker: invalidate at the kernel's start
stale_lines_across_kernels.py:60:9: note: the write, which had landed in GM before the reader's kernel started
stale_lines_across_kernels.py:80:15: note: ordered by kernel launch order: here" \
  --entry=host_orch --schedules=20
# `peek`, the first kernel on its core, finds nothing cached: without its
# start dcci the run stays clean.
checks=$((checks + 1))
mutate stale_lines_no_peek_dcci stale_lines \
  '/void peek(/,/dcci((__gm__ void\*)0, cache_line_t::ENTIRE_DATA_CACHE);/{/dcci(/d}'
if ! run_cpp stale_lines stale_lines_no_peek_dcci --entry=host_orch --schedules=20 \
    > "$out/stale_lines_no_peek_dcci.report"; then
  fail "stale_lines_no_peek_dcci: not clean"
  cat "$out/stale_lines_no_peek_dcci.report" >&2
fi

# No fence (dsb) after the stores the ring publishes.
mutate ring_no_dsb ring '/dsb(DSB_DDR);/d'
found ring_no_dsb ring "examples/ring_allreduce.py:35:13: error: stale read
missing marker: fence after the write
examples/ring_allreduce.py:25:13: note: the write, which had not reached GM in time
examples/ring_allreduce.py:31:21: note: ordered by notify -> wait: here" \
  --entry=ring --ranks=4 --scalar chunk_elems=64

# The credit notify no longer waits for the load of the mailbox
# (comm-hazards.md H1): the neighbour's next row may land in the tile.
mutate credit_no_drain credit_ring '/pipe_barrier(PIPE_ALL);/{N;/TNOTIFY(signal_gm_3/s/pipe_barrier(PIPE_ALL);\n *//}'
found credit_no_drain credit_ring "examples/credit_ring.py:36:13: error: war race
the notify at examples/credit_ring.py:37:13 released the buffer before that read was known complete
examples/credit_ring.py:32:13: note: the write the notify let in
examples/credit_ring.py:37:13: error: pipe race: aiv lane (credit_ring) of rank
TNOTIFY on PIPE_S (examples/credit_ring.py:37:13) writes all of GM while TLOAD on PIPE_MTE2" \
  --entry=credit_ring --ranks=2 --schedules=30

# Two objects in one cache line (comm-hazards.md H2): at col=8 the flag's
# dcci writes the whole line back over the neighbour's row.
same false_sharing runtime/testdata/false_sharing.py exchange "" --ranks=2 --scalar col=16
found false_sharing false_sharing "error: false sharing
missing marker: separate cache lines" --entry=exchange --ranks=2 --scalar col=8 --schedules=30

# The scalar write of `table` is never cleaned from the writer's cache.
mutate mailbox_no_dcci mailbox '/dcci(table, cache_line_t::SINGLE_CACHE_LINE);/d'
found mailbox_no_dcci mailbox "runtime/testdata/mailbox.py:39:9: error: stale read
missing marker: invalidate of the written region
runtime/testdata/mailbox.py:35:9: note: the write, not cleaned from the writer's data cache" \
  --entry=mailbox --ranks=4

# The cube lane never pushes: the vector lane's pop waits forever.
mutate matmul_no_push matmul '/TPUSH</d'
found matmul_no_push matmul "examples/matmul_relu.py:16:9: error: deadlock: every lane still running is blocked (2 of 3 lanes)
aiv0 lane (mm_relu_aiv) of rank 0: blocked: TPOP: the C2V FIFO is empty
aiv1 lane (mm_relu_aiv) of rank 0: blocked: TPOP: the C2V FIFO is empty" --entry=mm_relu

# The vector lane never frees its slot.
mutate matmul_no_free matmul '/TFREE</d'
found matmul_no_free matmul "error: protocol error: tpop without tfree" --entry=mm_relu

# Nobody notifies the root: its polling loop spins until --max-steps.
mutate reduce_no_notify reduce '/TNOTIFY(counter_gm, 1/d'
found reduce_no_notify reduce "error: livelock: the run reached --max-steps=5000" \
  --entry=reduce_to_root --ranks=4 --max-steps=5000

# The V2C hand-off built without a handshake is a race.
if build v2c_off examples/v2c_handoff.py --v2c-sync=off 2> /dev/null; then
  found v2c_off v2c_off "error: race: scratch[0, 0] on rank 0
examples/v2c_handoff.py:24:9: note: the unordered read by aic lane (rope_score_aic)" \
    --entry=rope_score
else
  checks=$((checks + 1))
  fail "v2c_off: could not emit or compile"
fi

# Neither lane fences its store of scratch before its V2C token.
mutate dual_v2c_no_dsb dual_v2c '/dsb(DSB_DDR);/d'
found dual_v2c_no_dsb dual_v2c "error: stale read: aic lane (dual_v2c_handoff_aic) of rank 0 read scratch
missing marker: fence after the write" --entry=dual_v2c_handoff --schedules=10

# A split pipe declared IsNoSplit=true (the bug dual-aiv.md fixes).
mutate split_attention_nosplit split_attention 's/, 2, 2, false>(/, 2, 2, true>(/'
found split_attention_nosplit split_attention "error: protocol error: the TPipe's IsNoSplit=true contradicts this TPUSH's split code 1" \
  --entry=split_attention

# Two popped tiles held with one local slot: they would alias.
mutate two_held_one_slot two_held 's/, 2, 2, true>(/, 2, 1, true>(/'
found two_held_one_slot two_held "error: protocol error: TPOP while this lane holds 1 popped tiles: more than the TPipe's LocalSlotNum (1) local slots" \
  --entry=two_held

# The two-way pipe handed a base one ring in: its V2C ring passes the end of
# the gm_pipe_buffer the launcher sized by the kernel ABI (comm-hazards.md H3).
mutate two_way_past_end two_way 's/(gm_pipe_buffer, c2v/(gm_pipe_buffer + 4096, c2v/'
found two_way_past_end two_way "error: protocol error: the TPipe's GM rings, bytes [4096, 12288) of gm_pipe_buffer, do not lie inside its 8192 bytes (the kernel ABI's gm_pipe_buffer_bytes)" \
  --entry=two_way

# A split kernel forced to 1C:1V: the cube's split push waits for AIV1.
found split_attention split_attention "error: launch: 'split_attention_aiv' declares a 1C:2V launch (dual_aiv_dispatch) but --launch=1c1v starts its core group 1C:1V
AIV1 is missing" --entry=split_attention --launch=1c1v

# Launch errors are diagnostics (exit 1), never crashes.
checks=$((checks + 1))
"$run_cpp" "$out/matmul.pb" --cpp="$out/matmul.cpp" --vec="$out/matmul.vec.so" \
  --entry=mm_relu > /dev/null 2> "$out/no_cube.err"
rc=$?
if [[ $rc -ne 1 ]] || ! grep -q "give --cube=OBJECT.so" "$out/no_cube.err"; then
  fail "a Group run without --cube: exit status $rc"
  cat "$out/no_cube.err" >&2
fi
checks=$((checks + 1))
"$run_cpp" "$out/ring.pb" --cpp="$out/ring.cpp" --vec="$out/matmul.vec.so" --entry=ring \
  --ranks=4 --scalar chunk_elems=64 > /dev/null 2> "$out/no_kernel.err"
rc=$?
if [[ $rc -ne 1 ]] || ! grep -q "has no kernel 'ring'" "$out/no_kernel.err"; then
  fail "an object without the entry's kernel: exit status $rc"
  cat "$out/no_kernel.err" >&2
fi

# A whole program is not timed (as in ptoc-sim): a diagnostic at its entry.
checks=$((checks + 1))
run_cpp st_notify_wait st_notify_wait --entry=host_orch --ranks=2 --cycles > /dev/null \
  2> "$out/program_cycles.err"
rc=$?
if [[ $rc -ne 1 ]] || ! grep -q "notify_wait.py:.*a whole program is not timed yet" \
    "$out/program_cycles.err"; then
  fail "a whole program under --cycles: exit status $rc"
  cat "$out/program_cycles.err" >&2
fi

echo "$checks checks, $failures failed"
[[ $failures -eq 0 && $checks -ge 26 ]]
