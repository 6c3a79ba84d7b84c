# Cut from PyPTO's tests/st/runtime/ops/test_prod_reduction.py (hw-native-sys/pypto e2d0f78a): the
# program TensorColProd_32x64_FP32, which the test TensorColProd32x64FP32 runs.
import pypto.language as pl
import pypto.language.distributed as pld



@pl.program
class TensorColProd_32x64_FP32:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        output: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        result: pl.Tensor[[1, 64], pl.FP32] = pl.col_prod(a)
        return pl.assemble(output, result, [0, 0])

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[32, 64], pl.FP32],
        output: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        output = self.kernel(a, output)
        return output
