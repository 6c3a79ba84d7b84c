import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function
    def f(self, a: pl.Tensor[[16, 16], pl.FP32]):
        for i in pl.spmd(4, optimizations=[42]):
            t = pl.tile.get_block_idx()
