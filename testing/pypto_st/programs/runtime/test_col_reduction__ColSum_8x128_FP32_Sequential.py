# Cut from PyPTO's tests/st/runtime/ops/test_col_reduction.py (hw-native-sys/pypto e2d0f78a): the
# program ColSum_8x128_FP32_Sequential, which the test ColSum8x128FP32Sequential runs.
import pypto.language as pl
import pypto.language.distributed as pld



@pl.program
class ColSum_8x128_FP32_Sequential:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        input_tensor: pl.Tensor[[8, 128], pl.FP32],
        output: pl.Out[pl.Tensor[[1, 128], pl.FP32]],
    ) -> pl.Tensor[[1, 128], pl.FP32]:
        tile: pl.Tile[[8, 128], pl.FP32] = pl.load(input_tensor, [0, 0], [8, 128])
        result: pl.Tile[[1, 128], pl.FP32] = pl.tile.col_sum(tile)
        return pl.store(result, [0, 0], output)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        input_tensor: pl.Tensor[[8, 128], pl.FP32],
        output: pl.Out[pl.Tensor[[1, 128], pl.FP32]],
    ) -> pl.Tensor[[1, 128], pl.FP32]:
        output = self.kernel(input_tensor, output)
        return output
