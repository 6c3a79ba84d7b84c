import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [16, 16])
        s: pl.Tile[[1, 16], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [1, 16])
        t[0:16, 3] = s
        t[5] = s
        pl.store(t, [0, 0], y)
