import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function
    def f(self, n: pl.Scalar[pl.INT64]) -> pl.Scalar[pl.INT64]:
        x: pl.Scalar[pl.INT64] = 0
        while x < n:
            x = x + 1
        return x
