# tile.matmul_bias: lhs x rhs + the [1, N] bias row in every row (the bias
# moved Mat -> Bias). view_ops_numpy_test compares ptoc-sim with NumPy;
# run_emitted_cpp_test the emitted C++ with ptoc-sim; pto_isa_sim_test the
# C++ on pto-isa's CPU simulation.
import pypto.language as pl


@pl.program
class MatmulBias:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.BF16], b: pl.Tensor[[64, 32], pl.BF16],
          bias: pl.Tensor[[1, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
        am: pl.Tile[[16, 64], pl.BF16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [16, 64], target_memory=pl.MemorySpace.Mat)
        bm: pl.Tile[[64, 32], pl.BF16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [64, 32], target_memory=pl.MemorySpace.Mat)
        cm: pl.Tile[[1, 32], pl.FP32, pl.MemorySpace.Mat] = pl.tile.load(bias, [0, 0], [1, 32], target_memory=pl.MemorySpace.Mat)
        al: pl.Tile[[16, 64], pl.BF16, pl.MemorySpace.Left] = pl.tile.move(am, target_memory=pl.MemorySpace.Left)
        br: pl.Tile[[64, 32], pl.BF16, pl.MemorySpace.Right] = pl.tile.move(bm, target_memory=pl.MemorySpace.Right)
        cb: pl.Tile[[1, 32], pl.FP32, pl.MemorySpace.Bias] = pl.tile.move(cm, target_memory=pl.MemorySpace.Bias)
        c: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul_bias(al, br, cb)
        pl.tile.store(c, [0, 0], out)
