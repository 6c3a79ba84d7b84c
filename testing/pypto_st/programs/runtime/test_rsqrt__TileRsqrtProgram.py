# Cut from PyPTO's tests/st/runtime/ops/test_rsqrt.py (hw-native-sys/pypto e2d0f78a): the
# program TileRsqrtProgram, which the test TileRsqrtTest runs.
import pypto.language as pl
import pypto.language.distributed as pld



@pl.program
class TileRsqrtProgram:
    """Tile-level rsqrt using the basic 1-operand form."""

    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        tile_a: pl.Tile[[16, 16], pl.FP32] = pl.load(a, [0, 0], [16, 16])
        tile_c: pl.Tile[[16, 16], pl.FP32] = pl.tile.rsqrt(tile_a)
        out = pl.store(tile_c, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        out = self.kernel(a, out)
        return out
