# Cut from PyPTO's tests/st/runtime/ops/test_prod_reduction.py (hw-native-sys/pypto e2d0f78a): the
# program RowProd_32x64_FP32, which the test RowProd32x64FP32 runs.
import pypto.language as pl
import pypto.language.distributed as pld



@pl.program
class RowProd_32x64_FP32:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        input_tensor: pl.Tensor[[32, 64], pl.FP32],
        output: pl.Out[pl.Tensor[[32, 1], pl.FP32]],
    ) -> pl.Tensor[[32, 1], pl.FP32]:
        tile: pl.Tile[[32, 64], pl.FP32] = pl.load(input_tensor, [0, 0], [32, 64])
        tmp: pl.Tile[[32, 64], pl.FP32] = pl.tile.create(
            [32, 64], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec
        )
        result: pl.Tile[[32, 1], pl.FP32] = pl.tile.row_prod(tile, tmp)
        return pl.store(result, [0, 0], output)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        input_tensor: pl.Tensor[[32, 64], pl.FP32],
        output: pl.Out[pl.Tensor[[32, 1], pl.FP32]],
    ) -> pl.Tensor[[32, 1], pl.FP32]:
        output = self.kernel(input_tensor, output)
        return output
