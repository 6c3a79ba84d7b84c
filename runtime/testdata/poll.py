# Rank 1 polls a signal with pld.system.test in a loop instead of waiting;
# rank 0 publishes a row and then sets the signal. A correct program: no
# schedule may starve rank 0 behind the polling loop (no false livelock).
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Poll:
    @pl.function(type=pl.FunctionType.InCore)
    def poll(
        self,
        x: pl.Tensor[[1, 16], pl.FP32],
        win: pl.InOut[pld.DistributedTensor[[1, 16], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[1, 1], pl.INT32]],
        out: pl.Out[pl.Tensor[[1, 1], pl.FP32]],
    ):
        ctx = pld.get_comm_ctx(win)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        if me == 0:
            t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [1, 16])
            pld.tile.remote_store(t, win, 1, [0, 0])
            pld.system.notify(signal, 1, [0, 0], 1, op=pld.NotifyOp.Set)
        else:
            while not pld.system.test(signal, [0, 0], 1):
                pass
            v: pl.Scalar[pl.FP32] = pl.tensor.read(win, [0, 5])
            pl.tensor.write(out, [0, 0], v)
