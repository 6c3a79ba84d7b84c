# tile.batch_matmul with broadcast batch dims ([2, 1] x [1, 3] pages), as
# convert-tensor-to-tile-ops writes it: lower-batch-matmul unrolls it into
# six 2-D matmuls (runtime/view_ops_numpy_test.sh compares with NumPy).
import pypto.language as pl


@pl.program
class BatchMatmul:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[2, 1, 16, 32], pl.FP16], b: pl.Tensor[[1, 3, 32, 16], pl.FP16],
          out: pl.Out[pl.Tensor[[2, 3, 16, 16], pl.FP32]]) -> pl.Tensor[[2, 3, 16, 16], pl.FP32]:
        at: pl.Tile[[2, 1, 16, 32], pl.FP16] = pl.load(a, [0, 0, 0, 0], [2, 1, 16, 32], target_memory=pl.MemorySpace.Mat)
        bt: pl.Tile[[1, 3, 32, 16], pl.FP16] = pl.load(b, [0, 0, 0, 0], [1, 3, 32, 16], target_memory=pl.MemorySpace.Mat)
        c: pl.Tile[[2, 3, 16, 16], pl.FP32] = pl.tile.batch_matmul(at, bt)
        out = pl.store(c, [0, 0, 0, 0], out)
        return out
