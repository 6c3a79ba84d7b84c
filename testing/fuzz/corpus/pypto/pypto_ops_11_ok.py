import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INT32]):
        one: pl.Scalar[pl.INT64] = pl.const(1, pl.INT64)
        rows = pl.cast(n, pl.INDEX)
        half = pl.const(0.5, pl.FP16)

    @pl.function
    def f(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN), pl.cross_core_slot(slot_num=4)]):
            y = pl.add(x, x)
        return y
