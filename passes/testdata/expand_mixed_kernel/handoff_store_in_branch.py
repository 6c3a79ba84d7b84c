# A vector store in a branch and a cube load after it: the handshake sits
# right before the load (after the branch), and the stored tile is not in
# scope there, so a dedicated NZ token (one 512-byte fractal) is pushed.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Branch:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        q: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP16]],
        n: pl.Scalar[pl.INDEX],
    ):
        if n > 0:
            qv = pl.tile.load(q, [0, 0], [16, 16])
            pl.tile.store(qv, [0, 0], scratch)
        qm = pl.tile.load(scratch, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)

# CHECK-LABEL: def k_aic(
# CHECK: pl.system.aic_initialize_pipe(0, v2c_buf, dir_mask=2, slot_size=512)
# CHECK-NEXT: tok: pl.Tile{{\[\[}}16, 16], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv()
# CHECK-NEXT: pl.system.tfree_to_aiv(tok)
# CHECK-NEXT: qm: {{.*}} = pl.tile.load(scratch,
# CHECK-LABEL: def k_aiv(
# CHECK: if n > 0:
# CHECK-NEXT: qv: {{.*}} = pl.tile.load(q, [0, 0], [16, 16])
# CHECK-NEXT: pl.tile.store(qv, [0, 0], scratch)
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: tok: {{.*}} = pl.tile.create(
# CHECK-NEXT: shape=[16, 16], dtype=pl.FP16, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major
# CHECK-NEXT: )
# CHECK-NEXT: pl.tile.tpush_to_aic(tok)
# CHECK-NOT: pl.tile
