# tile.tri: a triangle of ones (upper: on and above the diagonal; lower: on
# and below), in a narrowed valid shape, at a negative and at a run-time
# diagonal. view_ops_numpy_test compares ptoc-sim with NumPy (triu / tril);
# run_emitted_cpp_test the emitted C++ with ptoc-sim.
import pypto.language as pl


@pl.program
class Tri:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, d: pl.Scalar[pl.INT32], o1: pl.Out[pl.Tensor[[9, 21], pl.FP32]],
          o2: pl.Out[pl.Tensor[[8, 16], pl.FP16]], o3: pl.Out[pl.Tensor[[8, 8], pl.INT32]]):
        u: pl.Tile[[16, 32], pl.FP32] = pl.tile.tri(1, [16, 32], valid_shape=[9, 21],
                                                    dtype=pl.FP32, upper=True)
        w: pl.Tile[[8, 16], pl.FP16] = pl.tile.tri(-2, [8, 16], dtype=pl.FP16)
        v: pl.Tile[[8, 8], pl.INT32] = pl.tile.tri(d, [8, 8], dtype=pl.INT32, upper=False)
        pl.tile.store(u, [0, 0], o1)
        pl.tile.store(w, [0, 0], o2)
        pl.tile.store(v, [0, 0], o3)
