# tile.set_validshape (tile, valid_rows, valid_cols): metadata only. PTO-AS:
# a run-time-valid handle at the tile's address (v_row=?, v_col=?), then
# PyPTO's pto.set_validshape on it; C++: a Tile of the result's type at the
# tile's address. The store moves the new valid part (its partition sizes
# the valid dims, as PyPTO's).
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class SetValidShape:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[32, 32], pl.FP32], r: pl.Scalar[pl.INDEX],
          out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
        x: pl.Tile[[32, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [32, 32])
        n: pl.Tile[[32, 32], pl.FP32] = pl.tile.set_validshape(x, r, 16)
        pl.tile.store(n, [0, 0], out)

# PTO: %x = pto.alloc_tile addr = [[ADDR:%.*]] : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=32, v_col=32,
# PTO: %n = pto.alloc_tile addr = [[ADDR]] valid_row = %c32 valid_col = %c32 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?,
# PTO: pto.set_validshape %n, %r, %c16 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32, v_row=?, v_col=?,
# PTO: pto.partition_view %{{.*}}, offsets = [%c0, %c0], sizes = [%r, %c16]
# PTO: pto.tstore ins(%n :

# CCE: TASSIGN(x, [[ADDR:.*]]);
# CCE: Tile<TileType::Vec, float, 32, 32, BLayout::RowMajor, -1, 16, SLayout::NoneBox, 512, PadValue::Null> n(r);
# CCE-NEXT: TASSIGN(n, [[ADDR]]);
# CCE: TSTORE(out_gm, n);
