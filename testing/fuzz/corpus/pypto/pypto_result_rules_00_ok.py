import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[1, 4096], pl.FP32], c: pl.PrefetchAsyncContext):
        ctx = pl.prefetch.make_context()
        evt = pl.prefetch.async_prefetch(x, ctx)
        session = pl.prefetch.session(ctx)
        done = pl.prefetch.wait(evt, session)
        s2: pl.AsyncSession = pl.prefetch.session(c)
