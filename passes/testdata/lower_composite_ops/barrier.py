# pld.tensor.barrier is PyPTO's self-clearing credit barrier on its [NR, 1]
# signal: +1 (AtomicAdd) into this rank's cell of every peer, a wait for
# every peer's cell to reach 1 (Ge: a fast peer may already be further), then
# the credit taken back (-1 into each peer's cell here). The call's value is
# the signal itself.
# RUN: ptoc %s --passes=lower-composite-ops --emit=text | FileCheck %s --match-full-lines
# RUN: ptoc %s --passes=lower-composite-ops --emit=pb -o %t.pb
# RUN: lower-composite-ops %t.pb -o %t.again.pb
# CHECK:        ctx = pld.get_comm_ctx(signal)
# CHECK-NEXT:        nranks: pl.Scalar[pl.INDEX] = pld.nranks(ctx)
# CHECK-NEXT:        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
# CHECK-NEXT:        for peer in pl.range(nranks):
# CHECK-NEXT:            if peer != me:
# CHECK-NEXT:                pld.system.notify(signal, peer, [me, 0], 1)
# CHECK-NEXT:        for src in pl.range(nranks):
# CHECK-NEXT:            if src != me:
# CHECK-NEXT:                pld.system.wait(signal, [src, 0], 1, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT:        for src_1 in pl.range(nranks):
# CHECK-NEXT:            if src_1 != me:
# CHECK-NEXT:                pld.system.notify(signal, me, [src_1, 0], -1)
# CHECK-NEXT:        signal_1 = signal
# CHECK-NEXT:        return signal_1
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Barrier:
    @pl.function(type=pl.FunctionType.InCore)
    def meet(
        self,
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[4, 1], pl.INT32]:
        signal = pld.tensor.barrier(signal)
        return signal
