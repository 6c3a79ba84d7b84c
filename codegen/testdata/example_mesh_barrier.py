# The mesh barrier example after the default pipeline: each remote_store
# into a peer's row is followed by the peer-region invalidate (the row `me`
# being known only at run time: the row's first line, then a loop over the
# lines that start in it, found from the peer base's address; none here)
# and the fence
# from insert-comm-fence (the invalidate waits for the store with a
# PIPE_ALL: nothing else runs then, and it is cheaper than an MTE3 -> S
# pair); then set-notifies, eq-waits and the whole-GM
# invalidate before the reads.
# RUN: ptoc examples/mesh_barrier.py --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc examples/mesh_barrier.py --emit=cce | FileCheck %s --check-prefix=CCE

# PTO: func.func @exchange(%x: !pto.ptr<f32>, %win: !pto.ptr<f32>, %signal: !pto.ptr<i32>, %out: !pto.ptr<f32>, %comm_ctx: !pto.ptr<i64>)
# PTO: scf.for %p = %c0 to %c8 step %c1 {
# PTO: %win_peer = pto.addptr %win,
# PTO: %[[PV:.*]] = pto.partition_view %win_peer_view, offsets = [%me, %c0], sizes = [%c1, %c16]
# PTO-NEXT: pto.tstore ins(%row : {{.*}}) outs(%[[PV]] : !pto.partition_tensor_view<1x16xf32>)
# PTO-NEXT: pto.barrier <PIPE_ALL>
# PTO-NEXT: // a run of 16 elements at a run-time position: its cache lines in a loop
# PTO-NEXT: %[[L0:.*]] = pto.partition_view %win_peer_view, offsets = [%me, %c0], sizes = [%c1, %c1]
# PTO-NEXT: pto.cmo.cacheinvalid %[[L0]] single_cache_line
# PTO: pto.ptrtoint %win_peer : !pto.ptr<f32> -> i64
# PTO: scf.for %line = {{.*}} step %c16 {
# PTO: pto.cmo.cacheinvalid {{.*}} single_cache_line
# PTO-NEXT: } loc("examples/mesh_barrier.py":21:13)
# PTO-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
# PTO: pto.comm.tnotify({{.*}}) {notifyOp = #pto<notify_op set>}
# PTO: pto.comm.twait({{.*}}) {cmp = #pto<wait_cmp eq>}
# PTO: pto.cmo.cacheinvalid all #pto.address_space<gm>
# PTO-NEXT: pto.set_flag[<PIPE_S>, <PIPE_MTE2>, <EVENT_ID0>]
# PTO-NEXT: %flag = pto.load_scalar %signal[%c0] : !pto.ptr<i32> -> i32

# CCE: __gm__ float* win_peer = win + (comm_ctx[2 + p] - own_window_base) / 4;
# CCE: TSTORE(win_gm, row);
# CCE: int64_t line_first = me * 16;
# CCE-NEXT: int64_t line_skew = static_cast<int64_t>(reinterpret_cast<uintptr_t>(win_peer) % 64 / 4);
# CCE-NEXT: dcci(win_peer + line_first, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: for (int64_t line = ((line_first + line_skew) / 16 + 1) * 16 - line_skew; line < line_first + 16; line += 16) {
# CCE-NEXT: dcci(win_peer + line, cache_line_t::SINGLE_CACHE_LINE);
# CCE: pipe_barrier(PIPE_ALL);
# CCE-NEXT: dsb(DSB_DDR);
# CCE: pto::comm::TNOTIFY(signal_gm, 1, pto::comm::NotifyOp::Set);
# CCE: pto::comm::TWAIT(signal_gm_1, 1, pto::comm::WaitCmp::EQ);
# CCE: int32_t flag = signal[0];
