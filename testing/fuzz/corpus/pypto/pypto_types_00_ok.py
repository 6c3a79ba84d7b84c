import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[16], pl.FP32],
        out_a: pl.Out[pl.Tensor[[16], pl.FP32]],
    ) -> tuple[pl.Tensor[[16], pl.FP32], pl.Scalar[pl.INT32]]:
        return (out_a, 1)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16], pl.FP32], out_a: pl.Out[pl.Tensor[[16], pl.FP32]]) -> pl.Tensor[[16], pl.FP32]:
        ret: tuple[pl.Tensor[[16], pl.FP32], pl.Scalar[pl.INT32]] = self.k(x, out_a)
        a: pl.Tensor[[16], pl.FP32] = ret[0]
        n = ret[1]
        b = ret[0][0:8]
        return b
