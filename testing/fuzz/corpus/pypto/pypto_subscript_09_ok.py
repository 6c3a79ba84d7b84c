import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function
    def f(self, n: pl.Scalar[pl.INT64], x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i in pl.range(n):
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, 1.0)
        return y
