import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[4, 32], pl.FP32]):
        ctx = pl.prefetch.make_context()
        pl.prefetch.async_prefetch(x, ctx)
