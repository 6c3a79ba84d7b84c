import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64, 128], pl.FP32], y: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
        t: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [64, 128])
        s = t[:, -9223372036854775807:-9223372036854775800]
        pl.store(t, [0, 0], y)
