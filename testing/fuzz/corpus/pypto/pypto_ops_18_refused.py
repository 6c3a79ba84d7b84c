import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function
    def kernel(self, signal: pld.DistributedTensor[[4], pl.INT32], e: pl.Scalar[pl.FP32]):
        pld.system.defer_wait(signal, offsets=[0], expected=e, cmp=pld.WaitCmp.Ge)
