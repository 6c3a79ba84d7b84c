# A constant index outside a kernel's pl.Array is refused at the statement
# on both targets (the stack array has no element there).
# RUN: not ptoc %s --passes= --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes= --backend=a5 --emit=cce 2>&1 | FileCheck %s
# CHECK: array_index_error.py:[[@LINE+11]]:9: error: index 4 is outside pl.Array[4, pl.INT32] (0 to 3)
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [16, 16])
        arr = pl.array.create(4, pl.INT32)
        arr[0] = 1
        arr[4] = 2
        pl.tile.store(t, [0, 0], out)
