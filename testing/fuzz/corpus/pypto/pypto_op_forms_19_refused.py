import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self):
        t = pl.tpop_from_aic(shape=[16, 16], split=0)
