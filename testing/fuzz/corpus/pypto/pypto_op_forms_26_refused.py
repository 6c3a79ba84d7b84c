import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, x: pl.Tensor[[64], pl.FP32]):
        with pl.at(level=pl.Level.CORE_GROUP, no_dep_args=[pl.no_dep(x)]):
            y = pl.add(x, x)
