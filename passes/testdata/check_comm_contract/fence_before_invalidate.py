# The fence must follow the invalidate: a fence, then an invalidate, does
# not publish the write.
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
        # CHECK: fence_before_invalidate.py:[[@LINE+1]]:9: error: write to window 'win' can reach a notify without a cacheinvalid covering the written region followed by a fence
        pl.tensor.write(win, [0, 0], 1.0)
        pl.system.fence()
        pl.system.cacheinvalid(win, [4, 16], [0, 0])
        # CHECK: fence_before_invalidate.py:[[@LINE+1]]:9: note: the notify that publishes it
        pld.system.notify(sig, 1, [0, 0], 1)
        pl.system.fence()
        # CHECK-NOT: error:
