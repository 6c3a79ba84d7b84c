# tile.col_sum with a scratch tile (TCOLSUM's binary tree, {isBinary = true}):
# the column sums, of an odd and an even number of rows.
# view_ops_numpy_test compares ptoc-sim with NumPy; run_emitted_cpp_test the
# emitted C++ with ptoc-sim; pto_isa_sim_test with pto-isa's simulation.
import pypto.language as pl


@pl.program
class ColSumTmp:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[7, 64], pl.FP16],
          o1: pl.Out[pl.Tensor[[1, 32], pl.FP32]], o2: pl.Out[pl.Tensor[[1, 64], pl.FP16]]):
        x: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 32])
        y: pl.Tile[[7, 64], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [7, 64])
        t1: pl.Tile[[16, 32], pl.FP32] = pl.tile.create([16, 32], dtype=pl.FP32,
                                                        target_memory=pl.MemorySpace.Vec)
        t2: pl.Tile[[4, 64], pl.FP16] = pl.tile.create([4, 64], dtype=pl.FP16,
                                                       target_memory=pl.MemorySpace.Vec)
        s1: pl.Tile[[1, 32], pl.FP32] = pl.tile.col_sum(x, t1)
        s2: pl.Tile[[1, 64], pl.FP16] = pl.tile.col_sum(y, t2)
        pl.tile.store(s1, [0, 0], o1)
        pl.tile.store(s2, [0, 0], o2)
