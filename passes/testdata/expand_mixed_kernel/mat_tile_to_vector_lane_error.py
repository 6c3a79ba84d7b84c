# A vector op of a Mat tile makes the kernel mixed (its result is in Vec, the
# Mat tile is moved there, as PyPTO's InferTileMemorySpace moves it), but no
# transfer carries a Mat tile to the vector lane: pto-isa's TPUSH sends Acc
# and Vec tiles only. The split refuses the move at the op that needs it,
# and nothing is written.
# RUN: not ptoc %s -o %t.pto 2>&1 | FileCheck %s
# RUN: test ! -e %t.pto
# CHECK: mat_tile_to_vector_lane_error.py:[[@LINE+14]]:9: error: in kernel 'k': tile 'x_tile' is in Mat, and the cube hands tiles to the vector lane from Acc only (TPUSH takes Acc or Vec tiles); load the data into Vec with pl.tile.load, or compute it into Acc
# CHECK-NEXT: narrowed = pl.cast(x_tile, pl.BF16, mode="rint")
import pypto.language as pl


@pl.program
class CastOfMat:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[16, 128], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 128], pl.BF16]],
    ):
        x_tile = pl.load(x, [0, 0], [16, 128], target_memory=pl.MemorySpace.Mat)
        narrowed = pl.cast(x_tile, pl.BF16, mode="rint")
        pl.store(narrowed, [0, 0], out)
