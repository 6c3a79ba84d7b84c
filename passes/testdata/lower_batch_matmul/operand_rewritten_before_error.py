# A page load reads GM where the batched matmul is; when a store to GM
# stands between the operand's load and the matmul, the page would read
# what the store wrote, not what the load read, so the pass leaves the op
# (and code generation refuses it at the call).
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# CHECK: operand_rewritten_before_error.py:[[@LINE+18]]:50: error: op 'tile.batch_matmul' has no code generation
import pypto.language as pl


@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(
        self,
        lhs: pl.InOut[pl.Tensor[[2, 16, 128], pl.FP16]],
        rhs: pl.Tensor[[2, 128, 64], pl.FP16],
        z: pl.Tensor[[16, 128], pl.FP16],
        out_0: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]],
    ) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        lhs_tile: pl.Tile[[2, 16, 128], pl.FP16] = pl.load(lhs, [0, 0, 0], [2, 16, 128], target_memory=pl.MemorySpace.Mat)
        rhs_tile: pl.Tile[[2, 128, 64], pl.FP16] = pl.load(rhs, [0, 0, 0], [2, 128, 64], target_memory=pl.MemorySpace.Mat)
        zt: pl.Tile[[16, 128], pl.FP16] = pl.load(z, [0, 0], [16, 128])
        pl.store(zt, [0, 0, 0], lhs)
        mm_tile: pl.Tile[[2, 16, 64], pl.FP32] = pl.tile.batch_matmul(lhs_tile, rhs_tile)
        out_0 = pl.store(mm_tile, [0, 0, 0], out_0)
        return out_0
