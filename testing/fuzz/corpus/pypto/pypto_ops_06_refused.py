import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[8, 32], pl.FP32]) -> pl.Tensor[[8, 32], pl.FP32]:
        y: pl.Tensor[[8, 32], pl.FP32] = pl.fillpad(x, pl.PadValue.null)
        return y
