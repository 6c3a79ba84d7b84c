# tile.transpose through a scratch tile (TTRANS): view_ops_numpy_test
# compares ptoc-sim with NumPy's transpose; run_emitted_cpp_test the emitted
# C++ with ptoc-sim.
import pypto.language as pl


@pl.program
class Transpose:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP16],
          at: pl.Out[pl.Tensor[[32, 16], pl.FP32]], bt: pl.Out[pl.Tensor[[64, 32], pl.FP16]]):
        x: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 32])
        tx: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create([16, 32], dtype=pl.FP32)
        xt = pl.tile.transpose(x, 0, 1, tx)
        pl.tile.store(xt, [0, 0], at)
        y: pl.Tile[[32, 64], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [32, 64])
        ty: pl.Tile[[32, 64], pl.FP16, pl.MemorySpace.Vec] = pl.tile.create([32, 64], dtype=pl.FP16)
        yt = pl.tile.transpose(y, 1, 0, ty)
        pl.tile.store(yt, [0, 0], bt)
