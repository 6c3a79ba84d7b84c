# The arg reductions take the tile and a scratch tile (PyPTO's operand
# order; the scratch is written) into INT32 indices: [M, 1] for a row one,
# [1, N] for a column one. tile.expands (target, scalar) is tile.full of
# the target's type: texpands, the target not read.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class ArgReduce:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], rows: pl.Out[pl.Tensor[[16, 1], pl.INT32]],
          cols: pl.Out[pl.Tensor[[1, 64], pl.INT32]], filled: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        x: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        tmp: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create([16, 64], dtype=pl.FP32)
        i1: pl.Tile[[16, 1], pl.INT32] = pl.tile.row_argmax(x, tmp)
        i2: pl.Tile[[16, 1], pl.INT32] = pl.tile.row_argmin(x, tmp)
        j1: pl.Tile[[1, 64], pl.INT32] = pl.tile.col_argmax(x, tmp)
        j2: pl.Tile[[1, 64], pl.INT32] = pl.tile.col_argmin(x, tmp)
        i = pl.tile.add(i1, i2)
        j = pl.tile.add(j1, j2)
        f = pl.tile.expands(x, 1.5)
        pl.tile.store(i, [0, 0], rows)
        pl.tile.store(j, [0, 0], cols)
        pl.tile.store(f, [0, 0], filled)

# PTO: pto.trowargmax ins(%x, %tmp : !pto.tile_buf<{{.*}}dtype=f32, rows=16, cols=64{{.*}}>, !pto.tile_buf<{{.*}}dtype=f32, rows=16, cols=64{{.*}}>) outs(%i1 : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=8, v_row=16, v_col=1,
# PTO: pto.trowargmin ins(%x, %tmp : {{.*}}) outs(%i2 :
# PTO: pto.tcolargmax ins(%x, %tmp : {{.*}}) outs(%j1 : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=64, v_row=1, v_col=64,
# PTO: pto.tcolargmin ins(%x, %tmp : {{.*}}) outs(%j2 :
# PTO: pto.texpands ins(%{{.*}} : f32) outs(%f : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64,

# CCE: TROWARGMAX(i1, x, tmp);
# CCE: TROWARGMIN(i2, x, tmp);
# CCE: TCOLARGMAX(j1, x, tmp);
# CCE: TCOLARGMIN(j2, x, tmp);
# CCE: TEXPANDS(f, 1.5f);
