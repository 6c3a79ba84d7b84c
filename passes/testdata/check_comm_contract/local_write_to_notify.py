# A write into a window that reaches a notify with no invalidate of it and
# fence in between: one error at the write, a note at the notify. Also
# through the check-comm-contract binary on a .pb.
# RUN: not ptoc %s --passes=check-comm-contract --emit=text 2>&1 >/dev/null | FileCheck %s
# RUN: ptoc %s --passes= --emit=pb -o %t.pb
# RUN: not check-comm-contract %t.pb -o %t.out.pb 2>&1 | FileCheck %s
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
        # CHECK: local_write_to_notify.py:[[@LINE+1]]:9: error: write to window 'win' can reach a notify without a cacheinvalid covering the written region followed by a fence
        pl.tile.store(t, [0, 0], win)
        # CHECK: local_write_to_notify.py:[[@LINE+1]]:9: note: the notify that publishes it
        pld.system.notify(sig, 1, [0, 0], 1)
        pl.system.cacheinvalid()
        pl.system.fence()
        # CHECK-NOT: error:
