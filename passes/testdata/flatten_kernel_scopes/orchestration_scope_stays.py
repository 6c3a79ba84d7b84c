# Only kernels are flattened: a scope in an orchestration function (which
# PyPTO outlines into a task) is left as written.
# RUN: ptoc %s --passes=flatten-kernel-scopes --emit=text | FileCheck %s
# CHECK: def main(
# CHECK: with pl.at(level=pl.Level.CORE_GROUP):
# CHECK-NEXT: out_1 = self.kernel(a, out)
import pypto.language as pl


@pl.program
class Prog:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        t = pl.tile.load(a, [0], [64], target_memory=pl.Mem.Vec)
        out = pl.tile.store(t, [0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out = self.kernel(a, out)
        return out
