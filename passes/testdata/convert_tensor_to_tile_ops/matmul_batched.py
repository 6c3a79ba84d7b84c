# A tensor.matmul of rank-3 operands multiplies page by page: it becomes
# the batched op whose page op tile.matmul is (tile.batch_matmul, as
# PyPTO's ConvertTensorToTileOps keeps the intent), of the whole operands
# loaded into Mat; lower-batch-matmul then unrolls it in the default
# pipeline, one page load, tile.matmul and store per batch page.
# RUN: ptoc %s --passes=convert-tensor-to-tile-ops --emit=text | FileCheck %s
# RUN: ptoc %s --emit=text | FileCheck %s --check-prefix=PIPE
# RUN: ptoc %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# CHECK: a_mat: {{.*}} = pl.tile.load(a, [0, 0, 0], [2, 16, 32], [2, 16, 32], target_memory=pl.Mem.Mat)
# CHECK: c_tile: {{.*}} = pl.tile.batch_matmul(a_mat, b_mat)
# PIPE-NOT: batch_matmul
# PIPE: c_tile_0: {{.*}} = pl.tile.matmul(a_mat_0_Left, b_mat_0_Right)
# PIPE: pl.tile.store(c_tile_0, [0, 0, 0], out, [1, 16, 16])
# PIPE: c_tile_1: {{.*}} = pl.tile.matmul(a_mat_1_Left, b_mat_1_Right)
# PIPE: pl.tile.store(c_tile_1, [1, 0, 0], out_0, [1, 16, 16])
# PTO-COUNT-2: pto.tmatmul
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[2, 16, 32], pl.FP16], b: pl.Tensor[[2, 32, 16], pl.FP16],
          out: pl.Out[pl.Tensor[[2, 16, 16], pl.FP32]]) -> pl.Tensor[[2, 16, 16], pl.FP32]:
        c = pl.matmul(a, b, out_dtype=pl.FP32)
        out = pl.assemble(out, c, [0, 0, 0])
        return out
