import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self):
        z = pl.tile.create([16, 128], dtype=pl.BF16, target_memory=pl.Mem.Mat, transpose=True)
        f = pl.tile.create([16, 128], pl.BF16, pl.Mem.Mat, flat_layout=True)
        t = pl.tpop_from_aic(shape=[16, 16], dtype=pl.FP32, split=0)
