# A tile.create named with a view (PyPTO's `t: pl.Tile[[16, 16], ...,
# pl.TileView(valid_shape=[12, 12])] = pl.tile.create(...)`) is allocated as
# its name says: a fresh tile has no contents its view could contradict
# (OpInfo::fresh_tile). Other ops' results are not retyped by annotations.
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --emit=text | FileCheck %s --check-prefix=TEXT
import pypto.language as pl


@pl.program
class CreateAnnotatedView:
    @pl.function(type=pl.FunctionType.AIV)
    def fill(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[12, 12])] = pl.tile.create(
            [16, 16], dtype=pl.FP32, target_memory=pl.Mem.Vec
        )
        s: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16])
        u = pl.tile.adds(s, 1.0)
        pl.tile.store(u, [0, 0], out)
        pl.tile.store(t, [0, 0], out)

# PTO: %t = pto.alloc_tile {{.*}}: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=12, v_col=12,
# CCE: Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 12, 12, {{.*}}> t;
# TEXT: t: pl.Tile{{.}}[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[12, 12])] = pl.tile.create(shape=[16, 16], dtype=pl.FP32)
