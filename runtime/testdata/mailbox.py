# Every rank publishes to its right neighbour twice: first a row by DMA
# (remote_store) that the neighbour reads back through its data cache
# (tensor.read), then a scalar value written through the cache
# (tensor.write) that the neighbour fetches by DMA (remote_load). Each of
# the five markers insert-comm-fence adds here is needed under the
# simulator's memory model: the fence after the remote store, the region
# invalidate and the fence after the scalar write, and the invalidate after
# each wait.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Mailbox:
    @pl.function(type=pl.FunctionType.InCore)
    def mailbox(
        self,
        inp: pl.Tensor[[1, 16], pl.FP32],
        box: pl.InOut[pld.DistributedTensor[[1, 16], pl.FP32]],
        table: pl.InOut[pld.DistributedTensor[[1, 16], pl.INT32]],
        signal: pl.InOut[pld.DistributedTensor[[2, 8], pl.INT32]],
        out: pl.Out[pl.Tensor[[1, 2], pl.FP32]],
        got: pl.Out[pl.Tensor[[1, 16], pl.INT32]],
    ):
        ctx = pld.get_comm_ctx(box)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        n: pl.Scalar[pl.INDEX] = pld.nranks(ctx)
        right: pl.Scalar[pl.INDEX] = (me + 1) % n
        left: pl.Scalar[pl.INDEX] = (me - 1 + n) % n
        row: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
        pld.tile.remote_store(row, box, right, [0, 0])
        pld.system.notify(signal, right, [0, me], 1, op=pld.NotifyOp.Set)
        pld.system.wait(signal, [0, left], 1, cmp=pld.WaitCmp.Eq)
        x: pl.Scalar[pl.FP32] = pl.tensor.read(box, [0, 3])
        pl.tensor.write(table, [0, 0], me * 10 + 1)
        pld.system.notify(signal, right, [1, me], 1, op=pld.NotifyOp.Set)
        pld.system.wait(signal, [1, left], 1, cmp=pld.WaitCmp.Eq)
        flag: pl.Scalar[pl.INT32] = pl.tensor.read(signal, [1, left])
        theirs: pl.Tile[[1, 16], pl.INT32, pl.MemorySpace.Vec] = pld.tile.remote_load(table, left, [0, 0], [1, 16])
        pl.tile.store(theirs, [0, 0], got)
        pl.tensor.write(out, [0, 0], x)
        pl.tensor.write(out, [0, 1], flag)
