# tile.batch_matmul and tile.transpose_view are lowered by PyPTO before code
# generation (FlattenTileNdTo2D unrolls the batch into 2-D tile.matmul
# calls); ptoc has no such pass yet, and says so at the call.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# CHECK: batch_matmul_error.py:[[@LINE+11]]:44: error: op 'tile.batch_matmul' has no code generation: PyPTO lowers it before code generation (its FlattenTileNdTo2D pass
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[2, 16, 32], pl.FP16], b: pl.Tensor[[2, 32, 16], pl.FP16],
          out: pl.Out[pl.Tensor[[2, 16, 16], pl.FP32]]):
        am: pl.Tile[[2, 16, 32], pl.FP16, pl.Mem.Mat] = pl.tile.load(a, [0, 0, 0], [2, 16, 32], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[2, 32, 16], pl.FP16, pl.Mem.Mat] = pl.tile.load(b, [0, 0, 0], [2, 32, 16], target_memory=pl.Mem.Mat)
        c: pl.Tile[[2, 16, 16], pl.FP32] = pl.tile.batch_matmul(am, bm)
        pl.tile.store(c, [0, 0, 0], out)
