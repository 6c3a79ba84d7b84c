# Cut from PyPTO's tests/st/runtime/ops/test_col_reduction.py (hw-native-sys/pypto e2d0f78a): the
# program ColSum_16x16_FP32, which the test ColSum16x16FP32 runs.
import pypto.language as pl
import pypto.language.distributed as pld



@pl.program
class ColSum_16x16_FP32:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        input_tensor: pl.Tensor[[16, 16], pl.FP32],
        output: pl.Out[pl.Tensor[[1, 16], pl.FP32]],
    ) -> pl.Tensor[[1, 16], pl.FP32]:
        tile: pl.Tile[[16, 16], pl.FP32] = pl.load(input_tensor, [0, 0], [16, 16])
        tmp: pl.Tile[[16, 16], pl.FP32] = pl.tile.create(
            [16, 16], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec
        )
        result: pl.Tile[[1, 16], pl.FP32] = pl.tile.col_sum(tile, tmp)
        return pl.store(result, [0, 0], output)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        input_tensor: pl.Tensor[[16, 16], pl.FP32],
        output: pl.Out[pl.Tensor[[1, 16], pl.FP32]],
    ) -> pl.Tensor[[1, 16], pl.FP32]:
        output = self.kernel(input_tensor, output)
        return output
