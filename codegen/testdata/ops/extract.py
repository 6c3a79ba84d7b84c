# tile.extract copies a window of a tile into a tile of its own: Mat into
# Left / Right (the cube's operand feed, on MTE1) and Vec into Vec (on V). The row and column are index
# operands; the pipe order sees the source read and the copy written.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto -o /dev/null
import pypto.language as pl


@pl.program
class Extract:
    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, lhs: pl.Tensor[[32, 64], pl.BF16], rhs: pl.Tensor[[64, 64], pl.BF16],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
        lm: pl.Tile[[32, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(lhs, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        rm: pl.Tile[[64, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(rhs, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        a: pl.Tile[[16, 64], pl.BF16, pl.Mem.Left] = pl.tile.extract(lm, 16, 0, shape=[16, 64], target_memory=pl.Mem.Left)
        b: pl.Tile[[64, 32], pl.BF16, pl.Mem.Right] = pl.tile.extract(rm, 0, 32, shape=[64, 32], target_memory=pl.Mem.Right)
        c: pl.Tile[[16, 32], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a, b)
        pl.tile.store(c, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[4, 32], pl.FP32]],
            r: pl.Scalar[pl.INDEX]):
        t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 64])
        w: pl.Tile[[4, 32], pl.FP32, pl.Mem.Vec] = pl.tile.extract(t, r, 32, shape=[4, 32])
        pl.tile.store(w, [0, 0], out)

# PTO-LABEL: func.func @cube(
# PTO: pto.tload
# PTO: pto.tload
# PTO: pto.textract ins(%lm, %c16, %c0 : !pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=64, {{.*}}>, index, index) outs(%a : !pto.tile_buf<loc=left, dtype=bf16, rows=16, cols=64,
# PTO: pto.textract ins(%rm, %c0, %c32 : !pto.tile_buf<loc=mat, {{.*}}>, index, index) outs(%b : !pto.tile_buf<loc=right, dtype=bf16, rows=64, cols=32,
# PTO: pto.tmatmul ins(%a, %b
# PTO-LABEL: func.func @vec(
# PTO: pto.textract ins(%t, %r, %c32 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, {{.*}}>, index, index) outs(%w : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=32,

# CCE-LABEL: void cube(
# CCE: wait_flag(PIPE_MTE2, PIPE_MTE1, EVENT_ID{{[0-9]}});
# CCE: TEXTRACT(a, lm, 16, 0);
# CCE: TEXTRACT(b, rm, 0, 32);
# CCE: set_flag(PIPE_MTE1, PIPE_M, EVENT_ID{{[0-9]}});
# CCE-LABEL: void vec(
# CCE: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID{{[0-9]}});
# CCE: TEXTRACT(w, t, r, 32);
# CCE: set_flag(PIPE_V, PIPE_MTE3, EVENT_ID{{[0-9]}});
