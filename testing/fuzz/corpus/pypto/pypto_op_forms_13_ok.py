import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, data: pld.DistributedTensor[[16, 16], pl.INT32]):
        v = pl.tensor.view(data, [16, 16])
        s = pl.tensor.slice(data, [4, 16], [2, 0])
        pld.system.wait(v, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Eq)
        pld.system.wait(s, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Eq)
