import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function
    def main(self, x: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.FP32]:
        y = x
        for i in pl.range(4):
            x = x + 1.0
            if i == n:
                y = x
        return x + y
