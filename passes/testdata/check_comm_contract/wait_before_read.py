# A wait that reaches a GM read (tensor.read, tile.load, remote_load) with no
# whole-GM invalidate in between; along a path only the first read is
# reported.
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
        # CHECK: wait_before_read.py:[[@LINE+1]]:9: error: wait can reach a GM read without a whole-GM cacheinvalid in between
        pld.system.wait(sig, [0, 0], 1)
        pl.system.cacheinvalid(win, [4, 16], [0, 0])
        # CHECK: wait_before_read.py:[[@LINE+1]]:9: note: the GM read that may see a stale cache line
        u: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(win, [0, 0], [1, 16])
        x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
        # CHECK: wait_before_read.py:[[@LINE+1]]:9: error: wait can reach a GM read without a whole-GM cacheinvalid in between
        pld.system.wait(sig, [1, 0], 1)
        # CHECK: wait_before_read.py:[[@LINE+1]]:9: note: the GM read that may see a stale cache line
        r: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pld.tile.remote_load(win, 1, [0, 0], [1, 16])
        # CHECK-NOT: error:
