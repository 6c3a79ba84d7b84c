# Rule 4: a round loop that notifies all peers, then waits for all of them,
# then reads (the ring all-reduce's phases): the inner wait loop is a run of
# its own inside the round; its invalidate follows it inside the round.
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# CHECK-LABEL:    def k(
# CHECK:        for s in pl.range(3):
# CHECK-NEXT:            for p in pl.range(4):
# CHECK-NEXT:                if p != me:
# CHECK-NEXT:                    pld.system.notify(sig, p, [s, me], 1)
# CHECK-NEXT:            for p2 in pl.range(4):
# CHECK-NEXT:                if p2 != me:
# CHECK-NEXT:                    pld.system.wait(sig, [s, p2], 1)
# CHECK-NEXT:            pl.system.cacheinvalid()
# CHECK-NEXT:            got: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Vec] = pld.tile.remote_load(win, 1, [s, 0], [1, 16])
# CHECK-NEXT:            pl.tile.store(got, [s, 0], win)
# CHECK-NEXT:            pl.system.cacheinvalid(win, [4, 16], [0, 0])
# CHECK-NEXT:            pl.system.fence()
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[4, 16], pl.FP32]],
        win: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        win2: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        narrow: pl.InOut[pld.DistributedTensor[[4, 8], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[8, 4], pl.INT32]],
        me: pl.Scalar[pl.INDEX],
        n: pl.Scalar[pl.INDEX],
    ):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
        for s in pl.range(3):
            for p in pl.range(4):
                if p != me:
                    pld.system.notify(sig, p, [s, me], 1)
            for p2 in pl.range(4):
                if p2 != me:
                    pld.system.wait(sig, [s, p2], 1)
            got: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pld.tile.remote_load(win, 1, [s, 0], [1, 16])
            pl.tile.store(got, [s, 0], win)
