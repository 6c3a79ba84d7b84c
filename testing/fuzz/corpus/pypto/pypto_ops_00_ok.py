import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 32], pl.FP32], y: pl.Tensor[[16, 32], pl.FP32]):
        a: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.load(x, [0, 0], [16, 32])
        t: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.load(y, [0, 0], [16, 32])
        s = pl.tile.sqrt(a)
        r = pl.row_sum(a, t)
        c = pl.tile.col_max(a)
        h = pl.cast(a, pl.FP16)
        m = pl.tile.maximum(a, s)
        e = pl.tile.row_expand_mul(a, r)
        f = pl.tile.full([16, 32], pl.FP32, 0.0)
        g = pl.tile.extract(a, 0, 0, [8, 32])
        pl.store(m, [0, 0], y)
