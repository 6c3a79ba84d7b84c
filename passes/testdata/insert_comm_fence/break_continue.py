# `continue` and `break` leave a body with nothing pending: a write's fence
# is right after it, and a run of waits ends (takes its invalidate) before
# the statement that leaves.
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# CHECK-LABEL:    def k(
# CHECK:            pld.tile.remote_store(t, win, p, [me, 0])
# CHECK-NEXT:            pl.system.cacheinvalid(win, [1, 16], [me, 0], peer=p)
# CHECK-NEXT:            pl.system.fence()
# CHECK-NEXT:            if p == me:
# CHECK-NEXT:                continue
# CHECK:            pld.system.wait(sig, [0, q], 1)
# CHECK-NEXT:            pl.system.cacheinvalid()
# CHECK-NEXT:            if q == n:
# CHECK-NEXT:                break
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
            pld.tile.remote_store(t, win, p, [me, 0])
            if p == me:
                continue
            pld.system.notify(sig, p, [0, me], 1)
        for q in pl.range(4):
            pld.system.wait(sig, [0, q], 1)
            if q == n:
                break
        r: pl.Tile[[4, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(win, [0, 0], [4, 16])
