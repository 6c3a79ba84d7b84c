# On a5 the vector-to-cube FIFO carries fractal NZ tiles; pushing an ND tile
# is a diagnostic (expand-mixed-kernel inserts the tile.move that converts).
# RUN: not ptoc %s --passes= --backend=a5 --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes= --backend=a5 --emit=cce 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class PushNd:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 16], pl.FP16]):
        buf: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="v2c", peer_func="c")
        pl.system.aiv_initialize_pipe(0, buf, dir_mask=2, slot_size=512)
        v: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 16])
        pl.tile.tpush_to_aic(v)

    @pl.function(type=pl.FunctionType.AIC)
    def c(self, a: pl.Tensor[[16, 16], pl.FP16]):
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="v2c", size=1024)
        pl.system.aic_initialize_pipe(0, buf, dir_mask=2, slot_size=512)
        m: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.tpop_from_aiv()
        pl.system.tfree_to_aiv(m)

# CHECK: a5_push_needs_nz_error.py:16:9: error: on a5 a vector-to-cube push must carry an NZ tile (blayout=col_major, slayout=row_major); run expand-mixed-kernel, which adds the tile.move
# CHECK-NEXT: pl.tile.tpush_to_aic(v)
