# Cut from PyPTO's tests/st/runtime/ops/test_col_reduction.py (hw-native-sys/pypto e2d0f78a): the
# program ColMax_16x16_FP32, which the test ColMax16x16FP32 runs.
import pypto.language as pl
import pypto.language.distributed as pld



@pl.program
class ColMax_16x16_FP32:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        input_tensor: pl.Tensor[[16, 16], pl.FP32],
        output: pl.Out[pl.Tensor[[1, 16], pl.FP32]],
    ) -> pl.Tensor[[1, 16], pl.FP32]:
        tile: pl.Tile[[16, 16], pl.FP32] = pl.load(input_tensor, [0, 0], [16, 16])
        result: pl.Tile[[1, 16], pl.FP32] = pl.tile.col_max(tile)
        return pl.store(result, [0, 0], output)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        input_tensor: pl.Tensor[[16, 16], pl.FP32],
        output: pl.Out[pl.Tensor[[1, 16], pl.FP32]],
    ) -> pl.Tensor[[1, 16], pl.FP32]:
        output = self.kernel(input_tensor, output)
        return output
