# A region invalidate covers a write only when it provably contains the
# written region (constant bounds that include it, all of the tensor, or the
# very same offset and shape expressions) and names the same window or an
# alias of it.
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
        # Covered: constant bounds, the same expressions, an alias of the window.
        w1 = pl.tile.store(t, [1, 0], win)
        pl.system.cacheinvalid(win, [2, 16], [0, 0])
        pl.system.fence()
        pl.tile.store(t, [me, 0], win)
        pl.system.cacheinvalid(w1, [1, 16], [me, 0])
        pl.system.fence()
        # CHECK: region_not_covering.py:[[@LINE+1]]:9: error: write to window 'win' can reach a notify without a cacheinvalid covering the written region followed by a fence
        pl.tile.store(t, [0, 0], win)
        pl.system.cacheinvalid(win, [1, 8], [0, 0])
        pl.system.fence()
        # CHECK: region_not_covering.py:[[@LINE+1]]:9: error: write to window 'win' can reach a notify without a cacheinvalid covering the written region followed by a fence
        pl.tile.store(t, [me, 0], win)
        pl.system.cacheinvalid(win, [1, 16], [me + 0, 0])
        pl.system.fence()
        # CHECK: region_not_covering.py:[[@LINE+1]]:9: error: write to window 'win' can reach a notify without a cacheinvalid covering the written region followed by a fence
        pl.tile.store(t, [0, 0], win)
        pl.system.cacheinvalid(win2, [4, 16], [0, 0])
        pl.system.fence()
        pld.system.notify(sig, 1, [0, 0], 1)
        pl.system.cacheinvalid()
        pl.system.fence()
        # CHECK-NOT: error:
