import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def f(self, x: pl.Tensor[[16], pl.FP32]):
        arr = pl.array.create(4, pl.INT32)
        arr[0] = 1.5
