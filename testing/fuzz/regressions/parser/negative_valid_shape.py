import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX]):
        a: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.load(x, [0, 0], [16, 32], [16, 32])
        b = pl.tile.load(x, [0, 0], [16, 2], valid_shape=[8, -1])
        c = pl.tile.load(x, [0, 0], [16, 32], [16, 32], pl.MemorySpace.Mat)
