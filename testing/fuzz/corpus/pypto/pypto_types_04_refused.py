import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def f(self, a: pl.Tensor[[64, 128], pl.FP16]):
        t = pl.transpose(a, axis1=1, axis2=-1)
