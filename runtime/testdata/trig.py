# tile.sin / tile.cos, expanded by lower-composite-ops into PyPTO's range
# reduction and polynomial of FP32 vector ops: view_ops_numpy_test compares
# ptoc-sim with NumPy's sin and cos; run_emitted_cpp_test the emitted C++
# with ptoc-sim.
import pypto.language as pl


@pl.program
class Trig:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[8, 64], pl.FP32],
          s: pl.Out[pl.Tensor[[8, 64], pl.FP32]], c: pl.Out[pl.Tensor[[8, 64], pl.FP32]]):
        x: pl.Tile[[8, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 64])
        y = pl.tile.sin(x)
        pl.tile.store(y, [0, 0], s)
        z = pl.tile.cos(x)
        pl.tile.store(z, [0, 0], c)
