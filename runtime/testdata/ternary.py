# tile.addc / subc / addsc / subsc: view_ops_numpy_test compares ptoc-sim
# with NumPy; run_emitted_cpp_test the emitted C++ (two instructions each)
# with ptoc-sim; pto_isa_sim_test the C++ on pto-isa's CPU simulation.
import pypto.language as pl


@pl.program
class Ternary:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32],
          c: pl.Tensor[[8, 64], pl.INT32], o1: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
          o2: pl.Out[pl.Tensor[[16, 32], pl.FP32]], o3: pl.Out[pl.Tensor[[8, 64], pl.INT32]],
          o4: pl.Out[pl.Tensor[[8, 64], pl.INT32]]):
        x: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 32])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [16, 32])
        z: pl.Tile[[8, 64], pl.INT32, pl.MemorySpace.Vec] = pl.tile.load(c, [0, 0], [8, 64])
        r1: pl.Tile[[16, 32], pl.FP32] = pl.tile.addc(x, y, y)
        r2: pl.Tile[[16, 32], pl.FP32] = pl.tile.subsc(x, 1.5, y)
        r3: pl.Tile[[8, 64], pl.INT32] = pl.tile.subc(z, z, z)
        r4: pl.Tile[[8, 64], pl.INT32] = pl.tile.addsc(z, 7, z)
        pl.tile.store(r1, [0, 0], o1)
        pl.tile.store(r2, [0, 0], o2)
        pl.tile.store(r3, [0, 0], o3)
        pl.tile.store(r4, [0, 0], o4)
