# Region expressions are compared as values: the store of iteration c is
# not covered by the invalidate of iteration c + 1, whose offsets name
# another row, even though they are the same expressions. A constant row
# stays covered across the back edge.
# RUN: not ptoc %s --passes=check-comm-contract --emit=text 2>&1 >/dev/null | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        win: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        win2: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[8, 4], pl.INT32]],
        me: pl.Scalar[pl.INDEX],
    ):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
        for c in pl.range(4):
            pl.system.cacheinvalid(win, [1, 16], [c, 0])
            pl.system.fence()
            # CHECK: stale_region_across_back_edge.py:[[@LINE+3]]:13: error: write to window 'win' can reach a notify without a cacheinvalid covering the written region followed by a fence
            # CHECK: stale_region_across_back_edge.py:[[@LINE+1]]:13: note: the notify that publishes it
            pld.system.notify(sig, 1, [0, 0], 1)
            pl.tile.store(t, [c, 0], win)
        # The last of those stores, c out of scope, is not covered by the next
        # loop's constant row either.
        # CHECK: stale_region_across_back_edge.py:[[@LINE-3]]:13: error: write to window 'win' can reach a notify without a cacheinvalid covering the written region followed by a fence
        # CHECK: stale_region_across_back_edge.py:[[@LINE+4]]:13: note: the notify that publishes it
        for c2 in pl.range(4):
            pl.system.cacheinvalid(win, [1, 16], [2, 0])
            pl.system.fence()
            pld.system.notify(sig, 1, [0, 0], 1)
            pl.tile.store(t, [2, 0], win)
        pl.system.cacheinvalid()
        pl.system.fence()
        # CHECK-NOT: error:
