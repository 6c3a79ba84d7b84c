# A batched product that a tile op reads (not one store) keeps its
# tile.batch_matmul, and code generation refuses it at the call, naming the
# form the pass unrolls.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# CHECK: product_not_stored_error.py:[[@LINE+15]]:50: error: op 'tile.batch_matmul' has no code generation: the pass lower-batch-matmul (in the default pipeline) unrolls it
import pypto.language as pl


@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(
        self,
        lhs: pl.Tensor[[2, 16, 128], pl.FP16],
        rhs: pl.Tensor[[2, 128, 64], pl.FP16],
        out_0: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]],
    ) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        lhs_tile: pl.Tile[[2, 16, 128], pl.FP16] = pl.load(lhs, [0, 0, 0], [2, 16, 128], target_memory=pl.MemorySpace.Mat)
        rhs_tile: pl.Tile[[2, 128, 64], pl.FP16] = pl.load(rhs, [0, 0, 0], [2, 128, 64], target_memory=pl.MemorySpace.Mat)
        mm_tile: pl.Tile[[2, 16, 64], pl.FP32] = pl.tile.batch_matmul(lhs_tile, rhs_tile)
        twice: pl.Tile[[2, 16, 64], pl.FP32] = pl.tile.add(mm_tile, mm_tile)
        out_0 = pl.store(twice, [0, 0, 0], out_0)
        return out_0
