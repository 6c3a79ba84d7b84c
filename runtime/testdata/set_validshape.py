# tile.set_validshape: the tile's buffer with a run-time valid shape, in
# place; the store moves only that part (the rest of the output keeps its
# input). view_ops_numpy_test compares ptoc-sim with NumPy;
# run_emitted_cpp_test the emitted C++ with ptoc-sim.
import pypto.language as pl


@pl.program
class SetValidShape:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[32, 32], pl.FP32], r: pl.Scalar[pl.INDEX], c: pl.Scalar[pl.INDEX],
          out: pl.InOut[pl.Tensor[[32, 32], pl.FP32]]):
        x: pl.Tile[[32, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [32, 32])
        y: pl.Tile[[32, 32], pl.FP32] = pl.tile.muls(x, 2.0)
        n: pl.Tile[[32, 32], pl.FP32] = pl.tile.set_validshape(y, r, c)
        pl.tile.store(n, [0, 0], out)
