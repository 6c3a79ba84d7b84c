# Each sufficient order after a remote write of a kernel that names its
# peer invalidates: its own peer invalidate (the same peer variable, in a
# loop), one covering a put's whole destination, or a whole-GM one, each
# followed by a fence.
# RUN: ptoc %s --passes=check-comm-contract --emit=text > /dev/null
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.AIV)
    def k(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        win: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[8, 4], pl.INT32]],
        me: pl.Scalar[pl.INDEX],
    ):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
        for p in pl.range(4):
            pld.tile.remote_store(t, win, p, [me, 0])
            pl.system.cacheinvalid(win, [1, 16], [me, 0], peer=p)
            pl.system.fence()
        pld.tile.put(win, 1, inp, t)
        pl.system.cacheinvalid(win, [4, 16], [0, 0], peer=1)
        pl.system.fence()
        pld.tensor.put(win, 2, inp)
        pl.system.cacheinvalid()
        pl.system.fence()
        pld.system.notify(sig, 1, [0, me], 1)
