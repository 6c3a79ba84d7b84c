# tile.extract keeps its source's element type (PyPTO's type rule), and
# ptoas's textract takes an Acc tile into Mat only converted to FP16 or
# BF16: an FP32 Acc window is refused at the call.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# CHECK: extract_acc_error.py:[[@LINE+14]]:53: error: tile.extract from Acc into Mat converts FP32 into FP16 or BF16, not FP32 into FP32
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def acc(self, lhs: pl.Tensor[[16, 16], pl.FP16], rhs: pl.Tensor[[16, 16], pl.FP16],
            out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        lm: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat] = pl.tile.load(lhs, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        rm: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat] = pl.tile.load(rhs, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        a: pl.Tile[[16, 16], pl.FP16, pl.Mem.Left] = pl.tile.move(lm, target_memory=pl.Mem.Left)
        b: pl.Tile[[16, 16], pl.FP16, pl.Mem.Right] = pl.tile.move(rm, target_memory=pl.Mem.Right)
        c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a, b)
        h: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat] = pl.tile.extract(c, 0, 0, shape=[16, 16], target_memory=pl.Mem.Mat)
        pl.tile.store(h, [0, 0], out)
