import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self):
        z = pl.tile.create([16, 128], dtype=pl.BF16, transpose=True)
