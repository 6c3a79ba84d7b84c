# The ring all-reduce example after the default pipeline, both targets: one
# vector kernel taking the communicator after its own parameters; every
# store that publishes into `scratch` is followed by the 16-line region
# invalidate (1024 bytes; after the first loop's store, which nothing else
# runs beside, a PIPE_ALL orders it: cheaper than an MTE3 -> S pair) and
# the fence; each barrier round notifies and
# waits (the fence has drained every pipe, so nothing more precedes the
# notify: comm-hazards.md H1), then invalidates all of GM before reading
# the left neighbour's chunk with a peer tload.
# RUN: ptoc examples/ring_allreduce.py --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc examples/ring_allreduce.py --emit=pto | grep -c single_cache_line | FileCheck %s --check-prefix=LINES
# RUN: ptoc examples/ring_allreduce.py --emit=cce | FileCheck %s --check-prefix=CCE

# Three publishing loops, 16 lines each.
# LINES: 48

# PTO: module attributes {pto.target_arch = "a3"} {
# PTO-NEXT: func.func @ring(%inp: !pto.ptr<f32>, %out: !pto.ptr<f32>, %scratch: !pto.ptr<f32>, %signal: !pto.ptr<i32>, %chunk_elems: index, %comm_ctx: !pto.ptr<i64>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>, pto.entry} {
# PTO: %me = arith.index_cast
# PTO: %nranks = arith.index_cast
# PTO: %left = arith.subi
# PTO: scf.for %c = %c0 to %nranks step %c1 {
# PTO: pto.tload ins({{.*}}) outs(%part :
# PTO: pto.tstore ins(%part :
# PTO-NEXT: pto.barrier <PIPE_ALL>
# PTO-NEXT: %[[L0:.*]] = pto.partition_view %scratch_view, offsets = [%c0, %c0], sizes = [%c1, %c16]
# PTO-NEXT: pto.cmo.cacheinvalid %[[L0]] single_cache_line
# PTO: pto.partition_view %scratch_view, offsets = [%c0, %c240], sizes = [%c1, %c16]
# PTO-NEXT: pto.cmo.cacheinvalid {{.*}} single_cache_line
# PTO-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
# PTO-NOT: pto.barrier
# PTO: pto.comm.tnotify({{.*}}) {notifyOp = #pto<notify_op atomic_add>}
# PTO: pto.comm.twait({{.*}}) {cmp = #pto<wait_cmp ge>}
# PTO: pto.cmo.cacheinvalid all #pto.address_space<gm>
# PTO: %scratch_peer = pto.addptr %scratch,
# PTO: pto.tload ins({{.*}}) outs(%recv :
# PTO: pto.tadd ins(%acc, %recv : {{.*}}) outs(%total :
# PTO: pto.tstore ins(%done : {{.*}}) outs(

# CCE: #include "pto/pto-inst.hpp"
# CCE: AICORE inline T ptoc_mod(T a, T b) {
# CCE: extern "C" __global__ AICORE void ring(__gm__ float* inp, __gm__ float* out, __gm__ float* scratch, __gm__ int32_t* signal, int64_t chunk_elems, __gm__ int64_t* comm_ctx) {
# CCE-NEXT: #if defined(__DAV_VEC__)
# CCE-NEXT: set_mask_norm();
# CCE-NEXT: set_vector_mask(-1, -1);
# CCE-NEXT: int64_t own_window_base = comm_ctx[2 + comm_ctx[0]];
# CCE: int64_t left = ptoc_mod<int64_t>(((me - 1) + nranks), nranks);
# CCE: TSTORE(scratch_gm, part);
# CCE: dcci(scratch, cache_line_t::SINGLE_CACHE_LINE);
# CCE: dcci(scratch + 240, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: // {{.*}}ring_allreduce.py:25
# CCE-NEXT: pipe_barrier(PIPE_ALL);
# CCE-NEXT: dsb(DSB_DDR);
# CCE: pto::comm::TNOTIFY(signal_gm, 1, pto::comm::NotifyOp::AtomicAdd);
# CCE: pto::comm::TWAIT(signal_gm_1, 1, pto::comm::WaitCmp::GE);
# CCE: dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);
# CCE: __gm__ float* scratch_peer = scratch + (comm_ctx[2 + left] - own_window_base) / 4;
# CCE: TLOAD(recv, scratch_gm_1);
# CCE: TADD(total, acc, recv);
# CCE: #endif
