# tile.div / tile.log / tile.recip with high_precision=True (PTOAS's precise
# mode): the exact values rounded to FP32, of x * x + 1 (positive for any
# input, as pto-isa's simulation of TDIV / TRECIP asserts).
# view_ops_numpy_test compares ptoc-sim with NumPy; run_emitted_cpp_test the
# emitted C++ with ptoc-sim; pto_isa_sim_test with pto-isa's simulation.
import pypto.language as pl


@pl.program
class HighPrecision:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
          o1: pl.Out[pl.Tensor[[16, 16], pl.FP32]], o2: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
          o3: pl.Out[pl.Tensor[[16, 16], pl.FP32]], o4: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 16])
        y: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [16, 16])
        s: pl.Tile[[16, 16], pl.FP32] = pl.tile.mul(x, x)
        p: pl.Tile[[16, 16], pl.FP32] = pl.tile.adds(s, 1.0)
        d: pl.Tile[[16, 16], pl.FP32] = pl.tile.div(y, p, high_precision=True)
        l: pl.Tile[[16, 16], pl.FP32] = pl.tile.log(p, high_precision=True)
        r: pl.Tile[[16, 16], pl.FP32] = pl.tile.recip(p, high_precision=True)
        q: pl.Tile[[16, 16], pl.FP32] = pl.tile.div(y, p, high_precision=False)
        pl.tile.store(d, [0, 0], o1)
        pl.tile.store(l, [0, 0], o2)
        pl.tile.store(r, [0, 0], o3)
        pl.tile.store(q, [0, 0], o4)
