# tile.full is a fresh Vec tile set to one value: PTO-AS `pto.texpands`
# with the value as a constant of the tile's element type, C++ TEXPANDS.
# It reads no tile, so its element type (the result's) is the one checked.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto -o /dev/null
import pypto.language as pl


@pl.program
class Full:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          iout: pl.Out[pl.Tensor[[16, 64], pl.INT32]]):
        x: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        f = pl.tile.full([16, 64], dtype=pl.FP32, value=1.5)
        i = pl.tile.full([16, 64], dtype=pl.INT32, value=-3)
        y = pl.tile.add(x, f)
        pl.tile.store(y, [0, 0], out)
        pl.tile.store(i, [0, 0], iout)

# PTO: pto.texpands ins(%{{.*}} : f32) outs(%f : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64,
# PTO: pto.texpands ins(%{{.*}} : i32) outs(%i : !pto.tile_buf<loc=vec, dtype=i32,

# CCE: TEXPANDS(f, 1.5f);
# CCE: TEXPANDS(i, -3);
