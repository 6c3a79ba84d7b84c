# A dtype that neither target can spell yet (PyPTO's FP8, FP4, HF4/HF8,
# INT4) is an error at the value that has it, not a 32-bit integer in the
# output.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --emit=cce 2>&1 | FileCheck %s
# CHECK: unspellable_dtype_error.py:[[@LINE+8]]:17: error: code generation cannot spell dtype FP8E4M3FN (of 'a') on either target yet
# CHECK-NOT: error:
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 32], pl.FP8E4M3FN], o: pl.Out[pl.Tensor[[16, 32], pl.FP8E4M3FN]]):
        t: pl.Tile[[16, 32], pl.FP8E4M3FN, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 32])
        pl.tile.store(t, [0, 0], o)
