# A hand-written pop with no push at the same point of the other lane would
# wait forever: with the pass's own transfers, the pushes and pops of each
# direction must pair up. An error at the first hand-written transfer, not
# an internal error of the pass's post-condition check.
# RUN: not ptoc %s --passes=expand-mixed-kernel --emit=text 2>&1 | FileCheck %s
# CHECK: hand_written_transfer_unpaired_error.py:[[@LINE+12]]:61: error: in kernel 'k': with the hand-written transfers, the cube-to-vector pushes of the AIC lane and the pops of the AIV lane differ in number, order or control flow
# CHECK-NOT: internal error
import pypto.language as pl


@pl.program
class K:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        v: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
        pl.tile.store(v, [0, 0], out)
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        pl.system.tfree_to_aic(t)
