# The per-row expansions take the tile and an [M, 1] vector (PyPTO's operand
# order). ptoas reads the vector as a row-major block of 32 bytes a row, each
# holding the row's value: ptoc's ND [M, 1] tile is that block's buffer, so
# the vector's rows are filled first (pto.trowexpand into a pto.treshape of
# its own buffer) and the op reads the block. tile.row_expand_add's
# scratch is not used. The pipe barriers are PyPTO's pto.barrier, left out
# where they order nothing: bar_m in an AIV kernel (no cube pipe), bar_v on
# a5 (its vector pipe is in order; ptoas erases that barrier).
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefixes=PTO,PTO2
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefixes=PTO,PTO5
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=A5
import pypto.language as pl


@pl.program
class RowExpand:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], rv: pl.Tensor[[16, 1], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        x: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        r: pl.Tile[[16, 1], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(rv, [0, 0], [16, 1])
        tmp: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create([16, 64], dtype=pl.FP32)
        y1 = pl.tile.row_expand_add(x, r, tmp)
        y2 = pl.tile.row_expand_sub(y1, r)
        y3 = pl.tile.row_expand_mul(y2, r)
        y4 = pl.tile.row_expand_div(y3, r)
        pl.system.bar_v()
        y5 = pl.tile.row_expand_max(y4, r)
        y6 = pl.tile.row_expand_min(y5, r)
        pl.system.bar_m()
        y7 = pl.tile.row_expand_expdif(y6, r)
        pl.system.bar_all()
        pl.tile.store(y7, [0, 0], out)

# PTO: %rows = pto.treshape %r : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1, {{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# PTO: pto.trowexpand ins(%r : {{.*}}v_col=1{{.*}}) outs(%rows : {{.*}}v_col=8{{.*}})
# PTO: pto.trowexpandadd ins(%x, %rows : !pto.tile_buf<{{.*}}rows=16, cols=64{{.*}}>, !pto.tile_buf<{{.*}}rows=16, cols=8, v_row=16, v_col=8{{.*}}>) outs(%y1 : !pto.tile_buf<{{.*}}rows=16, cols=64,
# PTO: pto.trowexpand ins(%r
# PTO: pto.trowexpandsub ins(%y1, %rows_1 :
# PTO: pto.trowexpandmul ins(%y2, %rows_2 :
# PTO: pto.trowexpanddiv ins(%y3, %rows_3 :
# PTO2: pto.barrier <PIPE_V> loc("{{.*}}row_expand.py":28:9)
# PTO: pto.trowexpandmax ins(%y4, %rows_4 :
# PTO: pto.trowexpandmin ins(%y5, %rows_5 :
# PTO-NOT: PIPE_M
# PTO: pto.trowexpandexpdif ins(%y6, %rows_6 :
# PTO: pto.barrier <PIPE_ALL> loc("{{.*}}row_expand.py":33:9)
# PTO: pto.tstore ins(%y7
# PTO5-NOT: PIPE_V

# CCE: Tile<TileType::Vec, float, 16, 8, BLayout::RowMajor, 16, 8, SLayout::NoneBox, 512, PadValue::Null> rows;
# CCE-NEXT: TRESHAPE(rows, r);
# CCE: TROWEXPAND(rows, r);
# CCE: TROWEXPANDADD(y1, x, rows);
# CCE: TROWEXPANDSUB(y2, y1, rows_1);
# CCE: TROWEXPANDMUL(y3, y2, rows_2);
# CCE: TROWEXPANDDIV(y4, y3, rows_3);
# CCE: pipe_barrier(PIPE_V);
# CCE: TROWEXPANDMAX(y5, y4, rows_4);
# CCE: TROWEXPANDMIN(y6, y5, rows_5);
# CCE-NOT: PIPE_M
# CCE: TROWEXPANDEXPDIF(y7, y6, rows_6);
# CCE: pipe_barrier(PIPE_ALL);
# CCE: TSTORE(

# A5-NOT: pipe_barrier(PIPE_V)
# A5: TROWEXPANDEXPDIF(y7, y6, rows_6);
# A5-NOT: pipe_barrier(PIPE_V)
