# Every rank waits for a signal no rank ever sends (deadlock).
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class WaitNobody:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, signal: pl.InOut[pld.DistributedTensor[[1, 4], pl.INT32]]):
        ctx = pld.get_comm_ctx(signal)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        pld.system.wait(signal, [0, me], 1, cmp=pld.WaitCmp.Ge)
