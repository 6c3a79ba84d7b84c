# A vector store in a loop and a cube load after the loop: one handshake,
# after the loop (not in every iteration); the stored tile is out of scope
# there, so the token is a dedicated one. The reverse conflict (the cube
# reads scratch before the loop, the vector overwrites it inside) gets a
# cube -> vector handshake before the loop.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class LoopThenLoad:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        q: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP16]],
        n: pl.Scalar[pl.INDEX],
    ):
        first = pl.tile.load(scratch, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        for i in pl.range(0, n, 1):
            qv = pl.tile.load(q, [0, 0], [16, 16])
            pl.tile.store(qv, [0, 0], scratch)
        qm = pl.tile.load(scratch, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)

# CHECK-LABEL: def k_aic(
# CHECK: first: {{.*}} = pl.tile.load(scratch,
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: tok: {{.*}} = pl.tile.create(shape=[16, 16], dtype=pl.FP32, target_memory=pl.Mem.Acc)
# CHECK-NEXT: pl.tile.tpush_to_aiv(tok)
# CHECK-NEXT: tok_1: {{.*}} = pl.tile.tpop_from_aiv()
# CHECK-NEXT: pl.system.tfree_to_aiv(tok_1)
# CHECK-NEXT: qm: {{.*}} = pl.tile.load(scratch,
# CHECK-LABEL: def k_aiv(
# CHECK: tok: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic()
# CHECK-NEXT: pl.system.tfree_to_aic(tok)
# CHECK-NEXT: for i in pl.range(n):
# CHECK-NEXT: qv: {{.*}} = pl.tile.load(q, [0, 0], [16, 16])
# CHECK-NEXT: pl.tile.store(qv, [0, 0], scratch)
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: tok_1: {{.*}} = pl.tile.create(
# CHECK-NEXT: shape=[16, 16], dtype=pl.FP16, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major
# CHECK-NEXT: )
# CHECK-NEXT: pl.tile.tpush_to_aic(tok_1)
# CHECK-NOT: tpush
