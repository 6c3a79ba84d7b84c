# tile.full in a float and an integer type, added to a loaded tile:
# pto_isa_sim_test runs it on pto-isa's CPU simulation and compares with
# ptoc-sim, run_emitted_cpp_test the emitted C++ on ptoc's stand-in.
import pypto.language as pl


@pl.program
class Full:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], b: pl.Tensor[[16, 64], pl.INT32],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], iout: pl.Out[pl.Tensor[[16, 64], pl.INT32]]):
        x: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        j: pl.Tile[[16, 64], pl.INT32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [16, 64])
        f = pl.tile.full([16, 64], dtype=pl.FP32, value=1.5)
        i = pl.tile.full([16, 64], dtype=pl.INT32, value=-3)
        y = pl.tile.add(x, f)
        k2 = pl.tile.add(j, i)
        pl.tile.store(y, [0, 0], out)
        pl.tile.store(k2, [0, 0], iout)
