import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function
    def f(self, n: pl.Scalar[pl.INDEX], x: pl.Tensor[[64], pl.FP32]) -> pl.Scalar[pl.INDEX]:
