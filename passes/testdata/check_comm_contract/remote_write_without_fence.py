# A remote write needs a fence after it before a notify; an invalidate does
# not replace it.
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
        # CHECK: remote_write_without_fence.py:[[@LINE+1]]:9: error: remote write 'pld.tile.remote_store' can reach a notify without a fence after it
        pld.tile.remote_store(t, win, 1, [0, 0])
        pl.system.cacheinvalid()
        # CHECK: remote_write_without_fence.py:[[@LINE+1]]:9: note: the notify that publishes it
        pld.system.notify(sig, 1, [0, 0], 1)
        pld.tensor.put(win, 1, inp)
        pl.system.fence()
        # CHECK-NOT: error:
