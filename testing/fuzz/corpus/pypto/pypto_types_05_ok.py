import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def f(self, x: pl.Tensor[[16], pl.FP32]):
        prev = None
        arr = pl.array.create(4, pl.INT32)
        for i in pl.range(4):
            arr[i] = i
