# pl.set_validshape of a window (tile.slice) or a reshaped view: a view
# carries its valid shape in its type, with no run-time valid dims for
# pto.set_validshape to update; refused at the call (PyPTO's rule).
# RUN: not ptoc %s --emit=cce 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a5 --emit=pto 2>&1 | FileCheck %s
# CHECK: set_validshape_view_error.py:[[@LINE+12]]:13: error: pl.set_validshape cannot narrow a tile view (a slice or reshape result)
# CHECK-NEXT: n = pl.tile.set_validshape(blk, 8, 4)
# CHECK-NEXT: ^
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[32, 8], pl.FP32], out: pl.Out[pl.Tensor[[8, 8], pl.FP32]]):
        x: pl.Tile[[32, 8], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [32, 8])
        blk = pl.tile.slice(x, [8, 8], [8, 0])
        n = pl.tile.set_validshape(blk, 8, 4)
        pl.tile.store(n, [0, 0], out)
