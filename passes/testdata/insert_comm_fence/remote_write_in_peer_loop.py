# Rule 2 in the mesh pattern: the peer is the loop variable, so the peer
# invalidate names it and stays inside the loop body with its write.
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# CHECK:        for p in pl.range(8):
# CHECK-NEXT:            pld.tile.remote_store(row, win, p, [me, 0])
# CHECK-NEXT:            pl.system.cacheinvalid(win, [1, 16], [me, 0], peer=p)
# CHECK-NEXT:            pl.system.fence()
# CHECK-NEXT:        for p_1 in pl.range(8):
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.AIV)
    def k(
        self,
        x: pl.Tensor[[1, 16], pl.FP32],
        win: pl.InOut[pld.DistributedTensor[[8, 16], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[1, 8], pl.INT32]],
        me: pl.Scalar[pl.INDEX],
    ):
        row: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [1, 16])
        for p in pl.range(8):
            pld.tile.remote_store(row, win, p, [me, 0])
        for p in pl.range(8):
            if p != me:
                pld.system.notify(sig, p, [0, me], 1, op=pld.NotifyOp.Set)
