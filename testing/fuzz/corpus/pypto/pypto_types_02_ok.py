import pypto.language as pl
import pypto.language.distributed as pld


M = pl.dynamic("M")
N = pl.dynamic("N")


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[M, N], pl.FP32], b: pl.Tensor[[M, N], pl.FP32]) -> pl.Tensor[[M, N], pl.FP32]:
        return a

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(self, a: pl.Tensor[[128, 64], pl.FP32], b: pl.Tensor[[128, 64], pl.FP32], c: pl.Tensor[[M, 64], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        r: pl.Tensor[[128, 64], pl.FP32] = self.kernel(a, b)
        s: pl.Tensor[[128, 64], pl.FP32] = self.kernel(c, a)
        return r
