# tile.gemv multiplies a one-row lhs (PyPTO's rule; TGEMV computes one
# row): a [16, K] lhs is refused at the call.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# CHECK: gemv_rows_error.py:[[@LINE+13]]:53: error: 'tile.gemv' (TGEMV) multiplies a one-row lhs, got [16, 64]; use tile.matmul for more rows
# CHECK-NEXT: c: pl.Tile
# CHECK-NEXT: ^
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP16], b: pl.Tensor[[64, 32], pl.FP16],
          out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
        am: pl.Tile[[16, 64], pl.FP16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 64], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[64, 32], pl.FP16, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
        c: pl.Tile[[16, 32], pl.FP32, pl.Mem.Acc] = pl.tile.gemv(am, bm)
        pl.tile.store(c, [0, 0], out)
