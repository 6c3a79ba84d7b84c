import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, d: pl.Tensor[[2, 4, 16], pl.FP32]):
        u = pl.tensor.transpose(d, 1, 1)
