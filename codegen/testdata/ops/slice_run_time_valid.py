# A tile.slice whose valid_shape names run-time scalars: PTO-AS passes them
# as the subview's `valid [..]` operands (a constant for a static dim; the
# result type's dynamic dim is `?`), C++ constructs the view's tile with
# its dynamic valid dims before TSUBVIEW places it; a fillpad of a whole-
# tile window pads past the valid columns, a store of a window moves its
# valid rows and columns. NumPy judges it (runtime/testdata/
# slice_run_time_valid.py).
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class SliceRunTimeValid:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], rows: pl.Scalar[pl.INDEX], cols: pl.Scalar[pl.INDEX],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], part: pl.InOut[pl.Tensor[[8, 32], pl.FP32]]):
        x: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        s: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, cols])] = pl.tile.slice(x, [16, 64], [0, 0], valid_shape=[16, cols])
        p: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.fillpad(s, pad_value=pl.PadValue.min)
        pl.tile.store(p, [0, 0], out)
        w: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[rows, cols])] = pl.tile.slice(x, [8, 32], [8, 32], valid_shape=[rows, cols])
        pl.tile.store(w, [0, 0], part)

# PTO: %s = pto.subview %x[%c0, %c0] sizes [16, 64] valid [%c16, %cols] : !pto.tile_buf<{{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=?, {{.*}}>
# PTO: %w = pto.subview %x[%c8, %c32] sizes [8, 32] valid [%rows, %cols] : !pto.tile_buf<{{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32, v_row=?, v_col=?, {{.*}}>

# CCE: Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, 16, -1, SLayout::NoneBox, 512, PadValue::Null> s(cols);
# CCE-NEXT: TSUBVIEW(s, x, 0, 0);
# CCE: Tile<TileType::Vec, float, 8, 64, BLayout::RowMajor, -1, -1, SLayout::NoneBox, 512, PadValue::Null> w(rows, cols);
# CCE-NEXT: TSUBVIEW(w, x, 8, 32);
