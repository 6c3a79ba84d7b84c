# A matmul reads Left and Right tiles (PyPTO's memory rule; ptoas refuses a
# TMATMUL of Mat tiles). The default pipeline moves Mat operands there
# (infer-tile-memory-space, as PyPTO's InferTileMemorySpace; PyPTO's
# 1012_MatmulAccFullRows in the corpus relies on it); code generation
# without that pass refuses them at the matmul, never emitted.
# RUN: not ptoc %s --passes= --backend=a5 --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes= --backend=a2a3 --emit=cce 2>&1 | FileCheck %s
# RUN: ptoc %s --backend=a2a3 --emit=pto -o /dev/null
# CHECK: matmul_of_mat_tiles_error.py:[[@LINE+10]]:53: error: 'tile.matmul' takes its argument 1 'lhs' in Left, not in Mat; move it there first (tile.move)
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def k(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        x: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        y: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        z: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(x, y)
        pl.tile.store(z, [0, 0], o)
