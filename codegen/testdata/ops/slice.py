# tile.slice is a view: PTO-AS `pto.subview` of the source (no alloc_tile,
# no address of its own), C++ a Tile with the source's row stride placed
# by TSUBVIEW (no TASSIGN). The pipe-sync plan sees an access through the
# view as one of its source's buffer: the load of `x` (MTE2) is waited for
# before the add of its windows (V); the row sum writes its scratch through
# a window of `t`, so the store of `t` (MTE3), the first after it, waits
# for it. A binary op of
# two windows is placed as their (strided) tile type; whole columns of an
# NZ Mat tile are a tile of their own.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class Slice:
    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, a: pl.Tensor[[16, 128], pl.FP32], r: pl.Scalar[pl.INDEX],
            out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], col: pl.Out[pl.Tensor[[8, 1], pl.FP32]],
            sums: pl.Out[pl.Tensor[[16, 1], pl.FP32]], scratch: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
        x: pl.Tile[[16, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 128])
        left = pl.tile.slice(x, [16, 64], [0, 0])
        right = pl.tile.slice(x, [16, 64], [0, 64])
        s = pl.tile.add(left, right)
        pl.tile.store(s, [0, 0], out)
        c = pl.tile.slice(x, [8, 1], [r, 8], valid_shape=[8, 1])
        pl.tile.store(c, [0, 0], col)
        t: pl.Tile[[16, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create(shape=[16, 128], dtype=pl.FP32)
        win = pl.tile.slice(t, [16, 64], [0, 64])
        rs: pl.Tile[[16, 1], pl.FP32] = pl.tile.row_sum(left, win)
        pl.tile.store(t, [0, 0], scratch)
        pl.tile.store(rs, [0, 0], sums)

    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, a: pl.Tensor[[16, 64], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16],
             out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        am: pl.Tile[[16, 64], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [16, 64], target_memory=pl.MemorySpace.Mat)
        hi: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.slice(am, [16, 32], [0, 32])
        al: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(hi, target_memory=pl.MemorySpace.Left)
        bm: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        br: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(bm, target_memory=pl.MemorySpace.Right)
        acc: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(al, br)
        pl.tile.store(acc, [0, 0], out)

# PTO-LABEL: func.func @vec(
# PTO: %x = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=128,
# PTO-NEXT: pto.tload
# PTO-NEXT: %left = pto.subview %x[%c0, %c0] sizes [16, 64] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, {{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0> loc("{{.*}}slice.py":{{[0-9]+}}:16)
# PTO-NEXT: %right = pto.subview %x[%c0, %c64] sizes [16, 64] :
# PTO-NEXT: %s = pto.alloc_tile addr = %c8192_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=128, v_row=16, v_col=64,
# PTO-NEXT: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.tadd ins(%left, %right :
# PTO: %c = pto.subview %x[%r, %c8] sizes [8, 1] valid [%c8, %c1] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, v_row=8, v_col=1,
# PTO: %t = pto.alloc_tile addr = %c16384_i64 :
# PTO-NEXT: %win = pto.subview %t[%c0, %c64] sizes [16, 64] :
# PTO: pto.trowsum ins(%left, %win :
# PTO: pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID{{[0-9]}}>]
# PTO: pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID{{[0-9]}}>]
# PTO-NEXT: pto.tstore ins(%t :
# PTO-LABEL: func.func @cube(
# PTO: %hi = pto.subview %am[%c0, %c32] sizes [16, 32] : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=64, {{.*}}> -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
# PTO: pto.tmov ins(%hi :

# CCE-LABEL: void vec(
# CCE: TASSIGN(x, 0x0);
# CCE-NEXT: TLOAD(x, a_gm);
# CCE: Tile<TileType::Vec, float, 16, 128, BLayout::RowMajor, 16, 64, SLayout::NoneBox, 512, PadValue::Null> left;
# CCE-NEXT: TSUBVIEW(left, x, 0, 0);
# CCE: TSUBVIEW(right, x, 0, 64);
# CCE: Tile<TileType::Vec, float, 16, 128, BLayout::RowMajor, 16, 64, SLayout::NoneBox, 512, PadValue::Null> s;
# CCE-NEXT: TASSIGN(s, 0x2000);
# CCE-NEXT: set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CCE-NEXT: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CCE-NEXT: TADD(s, left, right);
# CCE: Tile<TileType::Vec, float, 8, 128, BLayout::RowMajor, 8, 1, SLayout::NoneBox, 512, PadValue::Null> c;
# CCE-NEXT: TSUBVIEW(c, x, r, 8);
# CCE: TASSIGN(t, 0x4000);
# CCE: TSUBVIEW(win, t, 0, 64);
# CCE: TROWSUM(rs, left, win);
# CCE: set_flag(PIPE_V, PIPE_MTE3, EVENT_ID{{[0-9]}});
# CCE: wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID{{[0-9]}});
# CCE-NEXT: TSTORE(scratch_gm, t);
# CCE-LABEL: void cube(
# CCE: Tile<TileType::Mat, half, 16, 32, BLayout::ColMajor, 16, 32, SLayout::RowMajor, 512, PadValue::Null> hi;
# CCE-NEXT: TSUBVIEW(hi, am, 0, 32);
