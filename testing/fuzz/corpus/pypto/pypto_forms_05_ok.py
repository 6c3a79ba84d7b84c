import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, c: pl.Scalar[pl.INT32]):
        arr = pl.array.create(4, pl.INT32)
        arr[0] = c
        arr[1] = 7
        x: pl.Scalar[pl.INT32] = arr[0]
