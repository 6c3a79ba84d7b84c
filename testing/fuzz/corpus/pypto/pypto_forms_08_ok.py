import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function
    def main(self, x: pl.Scalar[pl.FP32], c: pl.Scalar[pl.BOOL]) -> pl.Scalar[pl.FP32]:
        if c:
            x = x * 2.0
        return x
