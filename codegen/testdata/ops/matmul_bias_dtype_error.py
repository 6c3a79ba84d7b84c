# tile.matmul_bias adds a bias row of the accumulator's element type
# (pto-isa's TMATMUL_BIAS_IMPL: the bias tile's DType is the result's): an
# FP16 bias for an FP32 accumulator is refused at the call.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# CHECK: matmul_bias_dtype_error.py:[[@LINE+14]]:53: error: 'tile.matmul_bias' (TMATMUL_BIAS) adds a bias row of the accumulator's type, [1, N] pl.FP32 with N the rhs's columns; got [1, 32] pl.FP16
# CHECK-NEXT: c: pl.Tile
# CHECK-NEXT: ^
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP16], b: pl.Tensor[[64, 32], pl.FP16],
          bias: pl.Tensor[[1, 32], pl.FP16], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
        am: pl.Tile[[16, 64], pl.FP16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[64, 32], pl.FP16, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
        cm: pl.Tile[[1, 32], pl.FP16, pl.Mem.Mat] = pl.tile.load(bias, [0, 0], [1, 32], target_memory=pl.Mem.Mat)
        c: pl.Tile[[16, 32], pl.FP32, pl.Mem.Acc] = pl.tile.matmul_bias(am, bm, cm)
        pl.tile.store(c, [0, 0], out)
