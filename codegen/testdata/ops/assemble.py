# tile.assemble writes its source into a window of a copy of its target, as
# PyPTO lowers it: a tmov of the target into the result, a subview of the
# result at the offsets and a tmov of the source into it (both on PIPE_V;
# a2a3 orders the two writes of the result with a V barrier). A 3-D
# assemble is its rows folded: [1, 8, 16] at [2, 0, 0] is rows 16..23.
# (A source narrower than the target: assemble_width_a2a3_error.py.)
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class Assemble:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 128], pl.FP32], b: pl.Tensor[[8, 128], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 128], pl.FP32]], out3: pl.Out[pl.Tensor[[4, 8, 16], pl.FP16]]):
        target: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 128])
        source: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(b, [0, 0], [8, 128])
        result: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.assemble(target, source, [8, 0])
        pl.tile.store(result, [0, 0], out)
        page = pl.tile.full([1, 8, 16], dtype=pl.FP16, value=1.0)
        acc = pl.tile.full([4, 8, 16], dtype=pl.FP16, value=0.0)
        acc2 = pl.tile.assemble(acc, page, [2, 0, 0])
        pl.tile.store(acc2, [0, 0, 0], out3)

# PTO: %result = pto.alloc_tile
# PTO: pto.tmov ins(%target : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, {{.*}}>) outs(%result : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128,
# PTO-NEXT: %window = pto.subview %result[%c8, %c0] sizes [8, 128] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, {{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=128, v_row=8, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# PTO: pto.tmov ins(%source : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=128, {{.*}}>) outs(%window : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=128,
# PTO: pto.tstore ins(%result :
# PTO: pto.tmov ins(%acc : {{.*}}) outs(%acc2 :
# PTO-NEXT: %window_{{[0-9]+}} = pto.subview %acc2[%c16, %c0] sizes [8, 16] :
# PTO: pto.tmov ins(%page : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16, {{.*}}>) outs(%window_{{[0-9]+}} :
# PTO: pto.tstore ins(%acc2 :

# CCE: TMOV(result, target);
# CCE-NEXT: Tile<TileType::Vec, float, 8, 128, BLayout::RowMajor, 8, 128, SLayout::NoneBox, 512, PadValue::Null> window;
# CCE-NEXT: TSUBVIEW(window, result, 8, 0);
# CCE: TMOV(window, source);
# CCE: TSTORE({{.*}}, result);
# CCE: TMOV(acc2, acc);
# CCE-NEXT: Tile<TileType::Vec, half, 8, 16, BLayout::RowMajor, 8, 16, SLayout::NoneBox, 512, PadValue::Null> window_{{[0-9]+}};
# CCE-NEXT: TSUBVIEW(window_{{[0-9]+}}, acc2, 16, 0);
# CCE: TMOV(window_{{[0-9]+}}, page);
