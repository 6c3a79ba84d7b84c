# tile.reshape reads its source's buffer as another tile type, no copy:
# pto.treshape / TRESHAPE, no buffer and no machine op of its own; the pipe
# order sees the source's buffer (the add after the reshape waits for the
# load, the store of the reshape for the add). A 3-D tile is its rows
# folded; a reshape of a reshape is one too.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl


@pl.program
class Reshape:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[4, 128], pl.FP32], b: pl.Tensor[[4, 8], pl.FP16],
          out: pl.Out[pl.Tensor[[4, 128], pl.FP32]], flat: pl.Out[pl.Tensor[[4, 8], pl.FP16]]):
        x: pl.Tile[[4, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [4, 128])
        r: pl.Tile[[64, 8], pl.FP32, pl.MemorySpace.Vec] = pl.tile.reshape(x, [64, 8])
        y: pl.Tile[[64, 8], pl.FP32, pl.MemorySpace.Vec] = pl.tile.adds(r, 1.0)
        back: pl.Tile[[4, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.reshape(y, [4, 128])
        pl.tile.store(back, [0, 0], out)
        h: pl.Tile[[4, 8], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [4, 8])
        h3: pl.Tile[[4, 1, 8], pl.FP16, pl.MemorySpace.Vec] = pl.tile.reshape(h, [4, 1, 8])
        h2: pl.Tile[[4, 8], pl.FP16, pl.MemorySpace.Vec] = pl.tile.reshape(h3, [4, 8])
        pl.tile.store(h2, [0, 0], flat)

# PTO: %x = pto.alloc_tile
# PTO: pto.tload
# PTO-NEXT: %r = pto.treshape %x : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128, v_row=4, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=8, v_row=64, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# PTO: %y = pto.alloc_tile
# PTO: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>
# PTO-NEXT: pto.tadds ins(%r, %cst
# PTO-NEXT: %back = pto.treshape %y : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=8, {{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=128,
# PTO: pto.wait_flag[<PIPE_V>, <PIPE_MTE3>
# PTO-NEXT: pto.tstore ins(%back :
# PTO: %h3 = pto.treshape %h : !pto.tile_buf<loc=vec, dtype=f16, rows=4, cols=16, v_row=4, v_col=8, {{.*}}> -> !pto.tile_buf<loc=vec, dtype=f16, rows=4, cols=16, v_row=4, v_col=8,
# PTO-NEXT: %h2 = pto.treshape %h3 :
# PTO-NOT: pto.alloc_tile
# PTO: pto.tstore ins(%h2 :

# CCE: TLOAD(x,
# CCE: Tile<TileType::Vec, float, 64, 8, BLayout::RowMajor, 64, 8, SLayout::NoneBox, 512, PadValue::Null> r;
# CCE-NEXT: TRESHAPE(r, x);
# CCE: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID{{[0-9]}});
# CCE-NEXT: TADDS(y, r,
# CCE: Tile<TileType::Vec, float, 4, 128, BLayout::RowMajor, 4, 128, SLayout::NoneBox, 512, PadValue::Null> back;
# CCE-NEXT: TRESHAPE(back, y);
# CCE: TSTORE({{.*}}, back);
# CCE: TRESHAPE(h3, h);
# CCE: Tile<TileType::Vec, half, 4, 16, {{.*}}> h2;
# CCE-NEXT: TRESHAPE(h2, h3);
