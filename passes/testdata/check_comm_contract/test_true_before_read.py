# A test is a consume point on the paths where it returned true: `if ok:`
# then a read; the exit of `while not test`. A read where the test is known
# false (`if not ok:`) is fine.
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
        # CHECK: test_true_before_read.py:[[@LINE+1]]:9: error: pld.system.test can reach a GM read after returning true without a whole-GM cacheinvalid in between
        ok: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 0], 1)
        if ok:
            # CHECK: test_true_before_read.py:[[@LINE+1]]:13: note: the GM read that may see a stale cache line
            x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [1, 0])
        ok2: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 0], 1)
        if not ok2:
            y: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [1, 0])
        else:
            pl.system.cacheinvalid()
        # CHECK: test_true_before_read.py:[[@LINE+1]]:9: error: pld.system.test can reach a GM read after returning true without a whole-GM cacheinvalid in between
        while not pld.system.test(sig, [2, 0], 1):
            z: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [3, 0])
        # CHECK: test_true_before_read.py:[[@LINE+1]]:9: note: the GM read that may see a stale cache line
        w: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [4, 0])
        # CHECK-NOT: error:
