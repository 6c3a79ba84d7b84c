import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def two(
        self,
        x: pl.Tensor[[16], pl.FP32],
        p: pl.Out[pl.Tensor[[16], pl.FP32]],
        q: pl.Out[pl.Tensor[[16], pl.FP32]],
    ) -> tuple[pl.Tensor[[16], pl.FP32], pl.Tensor[[16], pl.FP32]]:
        t: pl.Tile[[16], pl.FP32] = pl.load(x, [0], [16])
        p1: pl.Tensor[[16], pl.FP32] = pl.store(t, [0], p)
        q1: pl.Tensor[[16], pl.FP32] = pl.store(t, [0], q)
        return (p1, q1)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[16], pl.FP32],
        p: pl.Out[pl.Tensor[[16], pl.FP32]],
        q: pl.Out[pl.Tensor[[16], pl.FP32]],
    ) -> tuple[pl.Tensor[[16], pl.FP32], pl.Tensor[[16], pl.FP32]]:
        with pl.manual_scope():
            (a, b), tid = pl.submit(self.two, x, p, q)
        return (a, b)
