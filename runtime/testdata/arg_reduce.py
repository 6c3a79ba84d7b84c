# The arg reductions (the INT32 index of the first greatest / least element
# of each row or column) and tile.expands: view_ops_numpy_test compares
# ptoc-sim with NumPy's argmax / argmin; run_emitted_cpp_test the emitted C++
# with ptoc-sim; pto_isa_sim_test the C++ on pto-isa's CPU simulation.
import pypto.language as pl


@pl.program
class ArgReduce:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[8, 64], pl.INT32],
          rmax: pl.Out[pl.Tensor[[16, 1], pl.INT32]], rmin: pl.Out[pl.Tensor[[16, 1], pl.INT32]],
          cmax: pl.Out[pl.Tensor[[1, 32], pl.INT32]], cmin: pl.Out[pl.Tensor[[1, 64], pl.INT32]],
          filled: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
        x: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 32])
        tx: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create([16, 32], dtype=pl.FP32)
        i1: pl.Tile[[16, 1], pl.INT32] = pl.tile.row_argmax(x, tx)
        i2: pl.Tile[[16, 1], pl.INT32] = pl.tile.row_argmin(x, tx)
        j1: pl.Tile[[1, 32], pl.INT32] = pl.tile.col_argmax(x, tx)
        y: pl.Tile[[8, 64], pl.INT32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [8, 64])
        ty: pl.Tile[[8, 64], pl.INT32, pl.MemorySpace.Vec] = pl.tile.create([8, 64], dtype=pl.INT32)
        j2: pl.Tile[[1, 64], pl.INT32] = pl.tile.col_argmin(y, ty)
        f = pl.tile.expands(x, -2.25)
        pl.tile.store(i1, [0, 0], rmax)
        pl.tile.store(i2, [0, 0], rmin)
        pl.tile.store(j1, [0, 0], cmax)
        pl.tile.store(j2, [0, 0], cmin)
        pl.tile.store(f, [0, 0], filled)
