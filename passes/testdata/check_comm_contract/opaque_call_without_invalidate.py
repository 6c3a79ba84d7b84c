# An opaque call (a program function, an unregistered op) needs a whole-GM
# invalidate and then a fence: a region invalidate is not enough.
# RUN: not ptoc %s --allow-unregistered-ops --passes=check-comm-contract --emit=text 2>&1 >/dev/null | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.Opaque)
    def helper(self, w: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]]):
        pass

    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        win: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        win2: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[8, 4], pl.INT32]],
        me: pl.Scalar[pl.INDEX],
    ):
        # CHECK: opaque_call_without_invalidate.py:[[@LINE+1]]:9: error: opaque call 'self.helper' can reach a notify without a whole-GM cacheinvalid followed by a fence
        self.helper(win)
        pl.system.cacheinvalid(win, [4, 16], [0, 0])
        pl.system.fence()
        # CHECK: opaque_call_without_invalidate.py:[[@LINE+1]]:9: note: the notify that publishes it
        pld.system.notify(sig, 1, [0, 0], 1)
        # CHECK: opaque_call_without_invalidate.py:[[@LINE+1]]:9: error: opaque call 'custom.op' can reach the end of the kernel without a whole-GM cacheinvalid followed by a fence
        pl.custom.op(win)
        # CHECK: opaque_call_without_invalidate.py:[[@LINE+1]]:9: note: the kernel ends after this statement
        pl.system.fence()
        # CHECK-NOT: error:
