import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def worker(self, data: pld.DistributedTensor[[4, 16], pl.FP32]):
        u = pl.tensor.transpose(data, 0, 1)
