import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[1, 4096], pl.FP32]):
        ctx = pl.prefetch.make_context()
        session = pl.prefetch.session(x)
