# A view must lie inside its source: a slice past the tile's last column
# is refused at the call on both targets (PyPTO clips its valid extent; the
# aliased bytes past the source would belong to another buffer).
# RUN: not ptoc %s --emit=cce 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a5 --emit=pto 2>&1 | FileCheck %s
# CHECK: slice_bounds_error.py:[[@LINE+9]]:13: error: this slice takes columns 15:143 of a tile of 128 columns; a view must lie inside its source
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 128], pl.FP32], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
        x: pl.Tile[[16, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 128])
        y = pl.tile.slice(x, [16, 128], [0, 15])
        pl.tile.store(y, [0, 0], out)
