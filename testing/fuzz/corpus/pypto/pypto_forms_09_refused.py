import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
