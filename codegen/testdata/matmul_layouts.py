# Cube tiles: Mat and Acc are NZ (Acc with 1024-byte fractals), Right is ZN;
# Left is NZ on a5 and ZZ (row_major boxes) on a2a3. Tiles are padded to
# whole fractal boxes: a [2, 8] fp16 Left tile is 16 x 16 with a 2 x 8
# valid region.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=A2A3
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=A5
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Matmul:
    @pl.function(type=pl.FunctionType.AIC)
    def k(self, a: pl.Tensor[[2, 8], pl.FP16], b: pl.Tensor[[8, 16], pl.FP16], out: pl.Out[pl.Tensor[[2, 16], pl.FP32]]):
        am: pl.Tile[[2, 8], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [2, 8], target_memory=pl.MemorySpace.Mat)
        al: pl.Tile[[2, 8], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(am, target_memory=pl.MemorySpace.Left)
        bm: pl.Tile[[8, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [8, 16], target_memory=pl.MemorySpace.Mat)
        br: pl.Tile[[8, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(bm, target_memory=pl.MemorySpace.Right)
        c: pl.Tile[[2, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(al, br)
        pl.tile.store(c, [0, 0], out)

# A2A3: %am = pto.alloc_tile addr = %c{{[0-9]+}}_i64 : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=2, v_col=8, blayout=col_major, slayout=row_major, fractal=512, pad=0>
# A2A3: %al = pto.alloc_tile addr = %c{{[0-9]+}}_i64 : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=2, v_col=8, blayout=row_major, slayout=row_major, fractal=512, pad=0>
# A2A3: pto.tmov ins(%am : {{.*}}) outs(%al : {{.*}})
# A2A3: %br = pto.alloc_tile addr = %c{{[0-9]+}}_i64 : !pto.tile_buf<loc=right, dtype=f16, rows=16, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
# A2A3: %c = pto.alloc_tile addr = %c{{[0-9]+}}_i64 : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=2, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
# A2A3-NEXT: pto.set_flag[<PIPE_MTE1>, <PIPE_M>, <EVENT_ID0>]
# A2A3-NEXT: pto.wait_flag[<PIPE_MTE1>, <PIPE_M>, <EVENT_ID0>]
# A2A3-NEXT: pto.tmatmul ins(%al, %br : !pto.tile_buf<loc=left, {{.*}}>, !pto.tile_buf<loc=right, {{.*}}>) outs(%c : !pto.tile_buf<loc=acc, {{.*}}>)
# A2A3: pto.tstore ins(%c : !pto.tile_buf<loc=acc, {{.*}}>) outs(%{{.*}} : !pto.partition_tensor_view<2x16xf32>)

# A5: %al = pto.alloc_tile addr = %c{{[0-9]+}}_i64 : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=2, v_col=8, blayout=col_major, slayout=row_major, fractal=512, pad=0>

# CCE: Tile<TileType::Left, half, 16, 16, BLayout::RowMajor, 2, 8, SLayout::RowMajor, 512, PadValue::Null> al;
# CCE: TMOV(al, am);
# CCE: Tile<TileType::Acc, float, 16, 16, BLayout::ColMajor, 2, 16, SLayout::RowMajor, 1024, PadValue::Null> c;
# CCE: TMATMUL(c, al, br);
# CCE: TSTORE(out_gm, c);
