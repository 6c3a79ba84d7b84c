# Communication runs on the AIV lane while cube work stays on the AIC (the
# vector load makes the kernel mixed): a cube store into a window must land
# before the AIV's notify releases it (cube -> vector handshake before the
# notify), and a cube load of a window must wait for the AIV's wait (vector
# -> cube handshake before the load).
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Windows:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 16], pl.FP16],
        win: pld.DistributedTensor[[16, 16], pl.FP32],
        sig: pld.DistributedTensor[[1, 1], pl.INT32],
        peer: pl.Scalar[pl.INT32],
    ):
        av = pl.tile.load(a, [0, 0], [16, 16])
        al = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Left)
        br = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Right)
        c = pl.tile.matmul(al, br)
        pl.tile.store(c, [0, 0], win)
        pld.system.notify(sig, peer, [0, 0], 1)
        pld.system.wait(sig, [0, 0], 1, cmp=pld.WaitCmp.Ge)
        wm = pl.tile.load(win, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)

# CHECK-LABEL: def k_aic(
# CHECK: pl.tile.store(c, [0, 0], win)
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: pl.tile.tpush_to_aiv(c)
# CHECK-NEXT: tok: {{.*}} = pl.tile.tpop_from_aiv()
# CHECK-NEXT: pl.system.tfree_to_aiv(tok)
# CHECK-NEXT: wm: {{.*}} = pl.tile.load(win,
# CHECK-LABEL: def k_aiv(
# CHECK: av: {{.*}} = pl.tile.load(a, [0, 0], [16, 16])
# CHECK-NEXT: tok: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic()
# CHECK-NEXT: pl.system.tfree_to_aic(tok)
# CHECK-NEXT: pld.system.notify(sig, peer, [0, 0], 1)
# CHECK-NEXT: pld.system.wait(sig, [0, 0], 1, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: tok_1: {{.*}} = pl.tile.create(
# CHECK-NEXT: shape=[16, 16], dtype=pl.FP16, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major
# CHECK-NEXT: )
# CHECK-NEXT: pl.tile.tpush_to_aic(tok_1)
