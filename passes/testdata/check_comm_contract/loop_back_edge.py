# The analysis follows loop back edges: a wait at the end of an iteration
# reaches the read at the start of the next one; a store at the end of an
# iteration reaches the notify of the next one.
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
        for s in pl.range(4):
            # CHECK: loop_back_edge.py:[[@LINE+4]]:13: error: wait can reach a GM read without a whole-GM cacheinvalid in between
            # CHECK: loop_back_edge.py:[[@LINE+1]]:13: note: the GM read that may see a stale cache line
            x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
            pl.system.fence()
            pld.system.wait(sig, [s, 0], 1)
        for c in pl.range(4):
            # CHECK: loop_back_edge.py:[[@LINE+3]]:13: error: write to window 'win' can reach a notify without a cacheinvalid covering the written region followed by a fence
            # CHECK: loop_back_edge.py:[[@LINE+1]]:13: note: the notify that publishes it
            pld.system.notify(sig, 1, [0, 0], 1)
            pl.tile.store(t, [c, 0], win)
        pl.system.cacheinvalid()
        pl.system.fence()
        # CHECK-NOT: error:
