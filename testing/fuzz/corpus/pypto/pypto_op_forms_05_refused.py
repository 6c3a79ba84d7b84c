import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32]):
        t = pl.load(x, [0, 0], [16, 16], attrs={"manual_dep_edges": [x]})
