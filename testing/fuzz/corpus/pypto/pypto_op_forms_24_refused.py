import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, f: pl.Scalar[pl.FP32]):
        m = ~f
