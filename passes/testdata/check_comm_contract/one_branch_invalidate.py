# The analysis follows branches: an invalidate on one branch leaves the
# other path unprotected; on both branches it covers the read.
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
        # CHECK: one_branch_invalidate.py:[[@LINE+1]]:9: error: wait can reach a GM read without a whole-GM cacheinvalid in between
        pld.system.wait(sig, [0, 0], 1)
        if me == 0:
            pl.system.cacheinvalid()
        # CHECK: one_branch_invalidate.py:[[@LINE+1]]:9: note: the GM read that may see a stale cache line
        x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
        pld.system.wait(sig, [1, 0], 1)
        if me == 0:
            pl.system.cacheinvalid()
        else:
            pl.system.cacheinvalid()
        y: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
        # CHECK-NOT: error:
