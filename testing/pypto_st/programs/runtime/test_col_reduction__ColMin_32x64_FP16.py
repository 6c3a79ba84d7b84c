# Cut from PyPTO's tests/st/runtime/ops/test_col_reduction.py (hw-native-sys/pypto e2d0f78a): the
# program ColMin_32x64_FP16, which the test ColMin32x64FP16 runs.
import pypto.language as pl
import pypto.language.distributed as pld



@pl.program
class ColMin_32x64_FP16:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        input_tensor: pl.Tensor[[32, 64], pl.FP16],
        output: pl.Out[pl.Tensor[[1, 64], pl.FP16]],
    ) -> pl.Tensor[[1, 64], pl.FP16]:
        tile: pl.Tile[[32, 64], pl.FP16] = pl.load(input_tensor, [0, 0], [32, 64])
        result: pl.Tile[[1, 64], pl.FP16] = pl.tile.col_min(tile)
        return pl.store(result, [0, 0], output)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        input_tensor: pl.Tensor[[32, 64], pl.FP16],
        output: pl.Out[pl.Tensor[[1, 64], pl.FP16]],
    ) -> pl.Tensor[[1, 64], pl.FP16]:
        output = self.kernel(input_tensor, output)
        return output
