# Copy ops and atomic stores: every rank puts its input into its right
# neighbour's window and atomically adds it into rank 0's accumulator; after
# an all-to-all barrier it gets its left neighbour's window (which holds the
# input of the rank two to its left) and reads the accumulator.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class PutGet:
    @pl.function(type=pl.FunctionType.InCore)
    def exchange(
        self,
        inp: pl.Tensor[[1, 16], pl.FP32],
        win: pl.InOut[pld.DistributedTensor[[1, 16], pl.FP32]],
        acc: pl.InOut[pld.DistributedTensor[[1, 16], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[1, 8], pl.INT32]],
        fetched: pl.Out[pl.Tensor[[1, 16], pl.FP32]],
        total: pl.Out[pl.Tensor[[1, 16], pl.FP32]],
    ):
        ctx = pld.get_comm_ctx(win)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        n: pl.Scalar[pl.INDEX] = pld.nranks(ctx)
        right: pl.Scalar[pl.INDEX] = (me + 1) % n
        left: pl.Scalar[pl.INDEX] = (me - 1 + n) % n
        pld.tensor.put(win, right, inp)
        row: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
        pld.tile.remote_store(row, acc, 0, [0, 0], atomic="add")
        for p in pl.range(n):
            if p != me:
                pld.system.notify(signal, p, [0, me], 1, op=pld.NotifyOp.Set)
        for p in pl.range(n):
            if p != me:
                pld.system.wait(signal, [0, p], 1)
        pld.tensor.get(fetched, left, win)
        sums: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(acc, [0, 0], [1, 16])
        pl.tile.store(sums, [0, 0], total)
