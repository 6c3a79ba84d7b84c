# tile.reinterpret_view: a tile's bytes read as another element type (and
# shape). view_ops_numpy_test compares ptoc-sim with NumPy's .view;
# run_emitted_cpp_test the emitted C++ with ptoc-sim.
import pypto.language as pl


@pl.program
class Reinterpret:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[8, 16], pl.FP32], o1: pl.Out[pl.Tensor[[8, 32], pl.INT16]], b: pl.Tensor[[8, 16], pl.INT32]):
        x: pl.Tile[[8, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 16])
        y: pl.Tile[[8, 16], pl.INT32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [8, 16])
        i: pl.Tile[[8, 32], pl.INT16] = pl.tile.reinterpret_view(y, pl.INT16, shape=[8, 32])
        pl.tile.store(i, [0, 0], o1)
