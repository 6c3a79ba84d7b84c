import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        q: pl.Tensor[[16, 16], pl.INT8],
        w: pl.Tensor[[2, 3, 4], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
