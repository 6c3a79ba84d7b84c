# `oob` loads past the end of its input at a computed row (out-of-bounds).
# `spin`: rank 0 waits for a signal nobody sends while rank 1 polls another
# one with pld.system.test forever: no lane is blocked for good, so the run
# hits --max-steps (a possible livelock) with rank 0's wait never completed.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class BoundsAndLivelock:
    @pl.function(type=pl.FunctionType.AIV)
    def oob(self, a: pl.Tensor[[4, 16], pl.FP32], out: pl.Out[pl.Tensor[[4, 16], pl.FP32]]):
        t: pl.Tile[[2, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [1 + 2, 0], [2, 16])
        pl.tile.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIV)
    def spin(self, signal: pl.InOut[pld.DistributedTensor[[1, 2], pl.INT32]]):
        ctx = pld.get_comm_ctx(signal)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        if me == 0:
            pld.system.wait(signal, [0, 0], 1)
        else:
            while not pld.system.test(signal, [0, 1], 1):
                pass
