# A credit-based ring exchange (comm-hazards.md H1): every rank streams four
# rows to its right neighbour through a one-row mailbox in the neighbour's
# window. The sender waits for a credit before it overwrites the mailbox;
# the receiver loads the row, then returns the credit ("the buffer is
# free"). The credit notify must not issue before that load has completed,
# or the next row lands in the tile being read: the sync plan orders the
# load's pipe (MTE2) before it (here a PIPE_ALL, cheaper than an MTE2 -> S
# pair); without that order ptoc-sim reports a war race (tests/war_race.py).
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class CreditRing:
    @pl.function(type=pl.FunctionType.AIV)
    def credit_ring(
        self,
        src: pl.Tensor[[4, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[4, 64], pl.FP32]],
        box: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[2, 8], pl.INT32]],
    ):
        ctx = pld.get_comm_ctx(box)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        n: pl.Scalar[pl.INDEX] = pld.nranks(ctx)
        right: pl.Scalar[pl.INDEX] = (me + 1) % n
        left: pl.Scalar[pl.INDEX] = (me - 1 + n) % n
        for i in pl.range(4):
            row: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(src, [i, 0], [1, 64])
            # Row 1 counts the credits the right neighbour returned.
            pld.system.wait(signal, [1, 0], i, cmp=pld.WaitCmp.Ge)
            pld.tile.remote_store(row, box, right, [0, 0])
            pld.system.notify(signal, right, [0, 0], 1, op=pld.NotifyOp.AtomicAdd)
            # Row 0 counts the rows the left neighbour delivered.
            pld.system.wait(signal, [0, 0], i + 1, cmp=pld.WaitCmp.Ge)
            got: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(box, [0, 0], [1, 64])
            pld.system.notify(signal, left, [1, 0], 1, op=pld.NotifyOp.AtomicAdd)
            pl.tile.store(got, [i, 0], out)
