import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16], pl.FP32]) -> tuple[pl.Tensor[[16], pl.FP32], pl.Scalar[pl.TASK_ID]]:
        with pl.manual_scope():
            a, tid = pl.submit(self.k, x)
            b, _ = pl.submit(self.k, a, deps=[tid])
        return b, tid
