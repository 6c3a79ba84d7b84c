import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function
    def kernel(self, x: pl.Tensor[[16, 8], pl.FP16]):
        h = pl.tile.aiv_shard(x, split=1)
