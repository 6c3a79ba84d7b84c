# Every rank adds its row into rank 0's window with an atomic remote store
# and bumps a counter there; rank 0 polls the counter with pld.system.test,
# stores the total, publishes a flag with a scalar write and releases the
# others, which then read the total from rank 0's window. The flag (column
# 16) is a line away from the signal cells the other ranks notify (columns
# 0 and 2): a clean of the flag's line writes the whole line back
# (comm-hazards.md H2, which check-comm-contract checks).
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class ReduceToRoot:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce_to_root(
        self,
        part: pl.Tensor[[1, 64], pl.FP32],
        acc: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        counter: pl.InOut[pld.DistributedTensor[[1, 32], pl.INT32]],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
    ):
        ctx = pld.get_comm_ctx(acc)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        nranks: pl.Scalar[pl.INDEX] = pld.nranks(ctx)
        row: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(part, [0, 0], [1, 64])
        pld.tile.remote_store(row, acc, 0, [0, 0], atomic="add")
        pld.system.notify(counter, 0, [0, 0], 1, op=pld.NotifyOp.AtomicAdd)
        if me == 0:
            while not pld.system.test(counter, [0, 0], nranks, cmp=pld.WaitCmp.Ge):
                pass
            total: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(acc, [0, 0], [1, 64])
            pl.tile.store(total, [0, 0], out)
            pl.tensor.write(counter, [0, 16], 1)
            for p in pl.range(1, nranks):
                pld.system.notify(counter, p, [0, 2], 1, op=pld.NotifyOp.Set)
        else:
            pld.system.wait(counter, [0, 2], 1)
            got: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pld.tile.remote_load(acc, 0, [0, 0], [1, 64])
            pl.tile.store(got, [0, 0], out)
