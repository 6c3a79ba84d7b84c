# tile.div / tile.log / tile.recip with high_precision=True (PTOAS's precise
# mode): the exact values rounded to FP32. view_ops_numpy_test compares
# ptoc-sim with NumPy; run_emitted_cpp_test the emitted C++ with ptoc-sim.
import pypto.language as pl


@pl.program
class HighPrecision:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
          o1: pl.Out[pl.Tensor[[16, 16], pl.FP32]], o2: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
          o3: pl.Out[pl.Tensor[[16, 16], pl.FP32]], o4: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 16])
        y: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [16, 16])
        d: pl.Tile[[16, 16], pl.FP32] = pl.tile.div(x, y, high_precision=True)
        l: pl.Tile[[16, 16], pl.FP32] = pl.tile.log(x, high_precision=True)
        r: pl.Tile[[16, 16], pl.FP32] = pl.tile.recip(x, high_precision=True)
        q: pl.Tile[[16, 16], pl.FP32] = pl.tile.div(x, y, high_precision=False)
        pl.tile.store(d, [0, 0], o1)
        pl.tile.store(l, [0, 0], o2)
        pl.tile.store(r, [0, 0], o3)
        pl.tile.store(q, [0, 0], o4)
