import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function
    def bad(self, a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        for i in pl.spmd(0):
            _ = i
        return a
