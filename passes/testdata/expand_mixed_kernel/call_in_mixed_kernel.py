# A call of another function inside a mixed kernel cannot be split between
# the lanes: it is an error asking to inline it first.
# RUN: not ptoc %s --passes=expand-mixed-kernel --emit=text 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Calls:
    @pl.function(type=pl.FunctionType.InCore)
    def helper(self, a: pl.Tensor[[16, 16], pl.FP32]):
        av = pl.tile.load(a, [0, 0], [16, 16])

    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        cv = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
        self.helper(a)
        pl.tile.store(cv, [0, 0], out)

# CHECK: call_in_mixed_kernel.py:18:9: error: in kernel 'k': the call of function 'helper' cannot be split between the AIC and AIV lanes of a mixed kernel; inline it first
