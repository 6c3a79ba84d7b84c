# A boundary move in the same direction between the store and the load
# already orders them: no new handshake, only a fence on the producer lane
# right before that move's push.
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=text | FileCheck %s --check-prefixes=CHECK,A2A3
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a5 --emit=text | FileCheck %s --check-prefixes=CHECK,A5
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Ordered:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        q: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP16]],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        qv = pl.tile.load(q, [0, 0], [16, 16])
        pl.tile.store(qv, [0, 0], scratch)
        ql = pl.tile.move(qv, target_memory=pl.MemorySpace.Left)
        sr = pl.tile.load(scratch, [0, 0], [16, 16], target_memory=pl.MemorySpace.Right)
        c = pl.tile.matmul(ql, sr)
        pl.tile.store(c, [0, 0], out)

# CHECK-LABEL: def k_aic(
# CHECK: ql_mat: {{.*}} = pl.tile.tpop_from_aiv()
# CHECK-NEXT: ql: {{.*}} = pl.tile.move(ql_mat, target_memory=pl.Mem.Left)
# CHECK-NEXT: pl.system.tfree_to_aiv(ql_mat)
# CHECK-NEXT: sr: {{.*}} = pl.tile.load(scratch,
# CHECK-NOT: tpop
# CHECK-LABEL: def k_aiv(
# CHECK: pl.tile.store(qv, [0, 0], scratch)
# CHECK-NEXT: pl.system.fence()
# A2A3-NEXT: pl.tile.tpush_to_aic(qv)
# A5-NEXT: qv_nz: {{.*}} = pl.tile.move(
# A5-NEXT: qv, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major
# A5-NEXT: )
# A5-NEXT: pl.tile.tpush_to_aic(qv_nz)
# CHECK-NOT: tpush
