import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, n: pl.Scalar[pl.INT64]):
        for (a,) in pl.while_(init_values=(n,)):
            pl.cond(a > 0)
            b = pl.yield_(a - 1)
