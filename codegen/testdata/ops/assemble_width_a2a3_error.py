# On a2a3 ptoas moves Vec tiles only between tiles of one shape, and it
# shapes tile.assemble's window as its parent's rows: a source narrower than
# its target is refused there, at the call; a5 writes the window.
# RUN: not ptoc %s --backend=a2a3 --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a2a3 --emit=cce 2>&1 | FileCheck %s
# RUN: ptoc %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=A5
# CHECK: assemble_width_a2a3_error.py:[[@LINE+12]]:59: error: on a2a3 tile.assemble writes only whole rows of its target (ptoas moves Vec tiles between tiles of one shape): this source's rows are 64 FP32 elements, the target's 128
# A5: %window = pto.subview %result[%c0, %c64] sizes [16, 64] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64,
# A5: pto.tmov ins(%source : {{.*}}) outs(%window :
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 128], pl.FP32], b: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
        target: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 128])
        source: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0], [16, 64])
        result: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.assemble(target, source, [0, 64])
        pl.tile.store(result, [0, 0], out)
