import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function
    def bad(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.cluster() as tid:
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y
