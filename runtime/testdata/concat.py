# tile.concat: the columns of two tiles side by side, of two widths (FP32)
# and of one (FP16). view_ops_numpy_test compares ptoc-sim with NumPy's
# concatenate; run_emitted_cpp_test the emitted C++ with ptoc-sim;
# pto_isa_sim_test with pto-isa's simulation.
import pypto.language as pl


@pl.program
class Concat:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[8, 16], pl.FP32], b: pl.Tensor[[8, 32], pl.FP32],
          c: pl.Tensor[[4, 16], pl.FP16], o1: pl.Out[pl.Tensor[[8, 48], pl.FP32]],
          o2: pl.Out[pl.Tensor[[4, 32], pl.FP16]]):
        x: pl.Tile[[8, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 16])
        y: pl.Tile[[8, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [8, 32])
        z: pl.Tile[[4, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(c, [0, 0], [4, 16])
        xy: pl.Tile[[8, 48], pl.FP32] = pl.tile.concat(x, y)
        zz: pl.Tile[[4, 32], pl.FP16] = pl.tile.concat(z, z)
        pl.tile.store(xy, [0, 0], o1)
        pl.tile.store(zz, [0, 0], o2)
