# A write into a window that reaches the end of the kernel unsettled: at a
# return (note at the return), or running off the end of the body (note at
# the last statement).
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
        # CHECK: local_write_to_end.py:[[@LINE+1]]:9: error: write to window 'win' can reach the end of the kernel without a cacheinvalid covering the written region followed by a fence
        pl.tensor.write(win, [0, 0], 1.0)
        if me == 0:
            # CHECK: local_write_to_end.py:[[@LINE+1]]:13: note: the kernel returns here
            return
        # CHECK: local_write_to_end.py:[[@LINE+1]]:9: error: write to window 'win2' can reach the end of the kernel without a cacheinvalid covering the written region followed by a fence
        pl.tensor.write(win2, [0, 0], 1.0)
        # CHECK: local_write_to_end.py:[[@LINE+1]]:9: note: the kernel ends after this statement
        x: pl.Scalar[pl.INDEX] = me + 1
        # CHECK-NOT: error:
