# The subregion forms of pld.tensor.put / get (dst_offsets, src_offsets,
# shape) with a chunked staging tile (chunk_rows=1: the transfer walks
# through a one-row tile): every rank puts rows 1-2 of its input into rows
# 4-5 of its right neighbour's window; after an all-to-all barrier it gets
# rows 4-5 of its left neighbour's window into rows 0-1 of `fetched`.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class PutGetSubregion:
    @pl.function(type=pl.FunctionType.AIV)
    def exchange(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        win: pl.InOut[pld.DistributedTensor[[8, 16], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[1, 8], pl.INT32]],
        fetched: pl.Out[pl.Tensor[[2, 16], pl.FP32]],
    ):
        ctx = pld.get_comm_ctx(win)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        n: pl.Scalar[pl.INDEX] = pld.nranks(ctx)
        right: pl.Scalar[pl.INDEX] = (me + 1) % n
        left: pl.Scalar[pl.INDEX] = (me - 1 + n) % n
        pld.tensor.put(win, right, inp, [4, 0], [1, 0], [2, 16], chunk_rows=1)
        for p in pl.range(n):
            if p != me:
                pld.system.notify(signal, p, [0, me], 1, op=pld.NotifyOp.Set)
        for p in pl.range(n):
            if p != me:
                pld.system.wait(signal, [0, p], 1)
        pld.tensor.get(fetched, left, win, [0, 0], [4, 0], [2, 16])
