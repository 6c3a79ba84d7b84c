import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], cfg: pl.Tensor[[2], pl.INT64]):
        t = pl.load(x, [0, 0], [16, 16])
        d = pl.tile.div(t, t, high_precision=True)
        e = pl.tile.add(t, 2.0)
        a = pl.tensor.read(cfg, [0])
        b = pl.tensor.read(cfg, [1])
        c = pl.add(a, b)
        q = pl.mul(a, 3)
        n = not a
        m = ~a
