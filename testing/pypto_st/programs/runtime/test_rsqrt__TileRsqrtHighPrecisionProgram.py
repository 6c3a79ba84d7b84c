# Cut from PyPTO's tests/st/runtime/ops/test_rsqrt.py (hw-native-sys/pypto e2d0f78a): the
# program TileRsqrtHighPrecisionProgram, which the test TileRsqrtHighPrecisionTest runs.
import pypto.language as pl
import pypto.language.distributed as pld



@pl.program
class TileRsqrtHighPrecisionProgram:
    """Tile-level rsqrt using the 2-operand high-precision form (tmp allocated by the user)."""

    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        tile_a: pl.Tile[[16, 16], pl.FP32] = pl.load(a, [0, 0], [16, 16])
        tmp: pl.Tile[[16, 16], pl.FP32] = pl.tile.create(
            [16, 16], dtype=pl.FP32, target_memory=pl.MemorySpace.Vec
        )
        tile_c: pl.Tile[[16, 16], pl.FP32] = pl.tile.rsqrt(tile_a, tmp=tmp)
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
