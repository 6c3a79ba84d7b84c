import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, y: pl.Out[pl.Tensor[[128, 64], pl.UINT32]]):
        v = pl.tile.random(
            pl.const(1, pl.INT32),
            pl.const(2, pl.INT32),
            pl.const(3, pl.INT32),
            pl.const(4, pl.INT32),
            pl.const(5, pl.INT32),
            pl.const(6, pl.INT32),
            [128, 64],
            dtype=pl.UINT32,
        )
        pl.store(v, [0, 0], y)
