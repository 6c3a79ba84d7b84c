# tile.gemv / gemv_acc / gemv_bias: the cube's one-row forms (a partial
# gemv, then gemv_acc over the second half of K; a gemv with a bias row).
# view_ops_numpy_test compares ptoc-sim with NumPy; run_emitted_cpp_test
# the emitted C++ with ptoc-sim; pto_isa_sim_test the C++ on pto-isa.
import pypto.language as pl


@pl.program
class Gemv:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[1, 128], pl.FP16], b: pl.Tensor[[128, 32], pl.FP16],
          bias: pl.Tensor[[1, 32], pl.FP32], o1: pl.Out[pl.Tensor[[1, 32], pl.FP32]],
          o2: pl.Out[pl.Tensor[[1, 32], pl.FP32]]):
        am: pl.Tile[[1, 64], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [1, 64], target_memory=pl.MemorySpace.Mat)
        bm: pl.Tile[[64, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [64, 32], target_memory=pl.MemorySpace.Mat)
        am2: pl.Tile[[1, 64], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 64], [1, 64], target_memory=pl.MemorySpace.Mat)
        bm2: pl.Tile[[64, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [64, 0], [64, 32], target_memory=pl.MemorySpace.Mat)
        cm: pl.Tile[[1, 32], pl.FP32, pl.MemorySpace.Mat] = pl.tile.load(bias, [0, 0], [1, 32], target_memory=pl.MemorySpace.Mat)
        r: pl.Tile[[1, 32], pl.FP32, pl.MemorySpace.Acc] = pl.tile.gemv(am, bm, acc_phase="partial")
        r2: pl.Tile[[1, 32], pl.FP32, pl.MemorySpace.Acc] = pl.tile.gemv_acc(r, am2, bm2, acc_phase="final")
        pl.tile.store(r2, [0, 0], o1)
        s: pl.Tile[[1, 32], pl.FP32, pl.MemorySpace.Acc] = pl.tile.gemv_bias(am, bm, cm)
        pl.tile.store(s, [0, 0], o2)
