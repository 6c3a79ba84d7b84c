import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function
    def worker(self, data: pld.DistributedTensor[[64], pl.FP32], ctx: pld.CommCtxType):
        pld.system.wait(data, offsets=[0], expected=1, cmp=pld.WaitCmp.Eq)
