import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def v(self, a: pl.Tensor[[16, 16], pl.FP32]):
        pl.dump_tag(a)
