# notify: tnotify on the peer's signal element with the value cast to i32;
# nothing in flight before it, so no drain (comm-hazards.md H1; under
# --pipe-sync=barrier-all a PIPE_ALL precedes every notify); wait: twait
# on the local element with its compare.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=cce | FileCheck %s --check-prefix=BARRIER
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class NotifyWait:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, sig: pld.DistributedTensor[[2, 8], pl.INT32], peer: pl.Scalar[pl.INDEX], count: pl.Scalar[pl.INDEX]):
        ctx = pld.get_comm_ctx(sig)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        pld.system.notify(sig, peer, [1, me], 1, op=pld.NotifyOp.Set)
        pld.system.notify(sig, peer, [0, me], count)
        pld.system.wait(sig, [1, peer], count, cmp=pld.WaitCmp.Ge)
        pld.system.wait(sig, [0, peer], 1)

# PTO: %sig_peer_view = pto.make_tensor_view %sig_peer, shape = [%c2, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xi32>
# PTO-NEXT: %[[PV:.*]] = pto.partition_view %sig_peer_view, offsets = [%c1, %me], sizes = [%c1, %c1] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<1x1xi32>
# PTO-NEXT: pto.comm.tnotify(%[[PV]], %c1_i32 : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op set>}
# PTO: %[[PV2:.*]] = pto.partition_view %sig_peer_view, offsets = [%c0, %me], sizes = [%c1, %c1]
# PTO-NEXT: %[[V:.*]] = arith.index_cast %count : index to i32
# PTO-NEXT: pto.comm.tnotify(%[[PV2]], %[[V]] : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op atomic_add>}
# PTO-NEXT: %[[W:.*]] = pto.partition_view %sig_view, offsets = [%c1, %peer], sizes = [%c1, %c1]
# PTO-NEXT: %[[E:.*]] = arith.index_cast %count : index to i32
# PTO-NEXT: pto.comm.twait(%[[W]], %[[E]] : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ge>}
# PTO-NEXT: %[[W2:.*]] = pto.partition_view %sig_view, offsets = [%c0, %peer], sizes = [%c1, %c1]
# PTO-NEXT: pto.comm.twait(%[[W2]], %c1_i32 : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp eq>}

# CCE: GlobalTensor<int32_t, pto::Shape<1, 1, 1, 1, 1>, pto::Stride<1, 1, 1, 8, 1>> sig_gm(sig_peer + me + 8);
# CCE-NEXT: pto::comm::TNOTIFY(sig_gm, 1, pto::comm::NotifyOp::Set);
# CCE-NOT: pipe_barrier
# CCE: pto::comm::TNOTIFY(sig_gm_1, static_cast<int32_t>(count), pto::comm::NotifyOp::AtomicAdd);
# CCE: GlobalTensor<int32_t, pto::Shape<1, 1, 1, 1, 1>, pto::Stride<1, 1, 1, 8, 1>> sig_gm_2(sig + peer + 8);
# CCE-NEXT: pto::comm::TWAIT(sig_gm_2, static_cast<int32_t>(count), pto::comm::WaitCmp::GE);
# CCE: pto::comm::TWAIT(sig_gm_3, 1, pto::comm::WaitCmp::EQ);

# BARRIER: pipe_barrier(PIPE_ALL);
# BARRIER-NEXT: pto::comm::TNOTIFY(sig_gm, 1, pto::comm::NotifyOp::Set);
# BARRIER: pipe_barrier(PIPE_ALL);
# BARRIER-NEXT: pto::comm::TNOTIFY(sig_gm_1,
