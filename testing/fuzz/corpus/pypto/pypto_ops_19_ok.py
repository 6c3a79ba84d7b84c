import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def o(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        pl.dump_tag(a)
        c = pl.matmul(a, b)
        for i in pl.spmd(4, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            t = pl.tile.get_block_idx()
        return c
