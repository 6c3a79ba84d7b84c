# A break leaves the loop from where it is: the path through it skips the
# fence later in the body and reaches the notify after the loop.
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
        sig: pl.InOut[pld.DistributedTensor[[8, 4], pl.INT32]],
        me: pl.Scalar[pl.INDEX],
        n: pl.Scalar[pl.INDEX],
    ):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
        for p in pl.range(4):
            # CHECK: break_skips_fence.py:[[@LINE+1]]:13: error: remote write 'pld.tile.remote_store' can reach a notify without a fence after it
            pld.tile.remote_store(t, win, p, [me, 0])
            if p == n:
                break
            pl.system.fence()
        pld.system.notify(sig, 1, [0, me], 1)
