# comm-hazards.md H2, two objects in one cache line: every rank stores a row
# into its right neighbour's mailbox and notifies it, then marks its own
# mailbox (a flag cell written through its data cache), then waits for its
# left neighbour's row. In `shared` the row lands at columns 8..15, in the
# 64-byte line of the flag cell (FP32 columns 0..15): cleaning the flag's
# line writes the whole line back, and where the neighbour's row landed
# after the line was fetched, the row is lost (check-comm-contract refuses
# the layout; ptoc-sim and ptoc-run-cpp report false sharing when it is
# compiled without the check). In `apart` the row is at columns 16..31, a
# line of its own: clean.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class FalseSharing:
    @pl.function(type=pl.FunctionType.AIV)
    def shared(
        self,
        inp: pl.Tensor[[1, 8], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 8], pl.FP32]],
        box: pl.InOut[pld.DistributedTensor[[1, 32], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[1, 8], pl.INT32]],
    ):
        ctx = pld.get_comm_ctx(box)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        right: pl.Scalar[pl.INDEX] = (me + 1) % pld.nranks(ctx)
        row: pl.Tile[[1, 8], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 8])
        pld.tile.remote_store(row, box, right, [0, 8])
        pld.system.notify(signal, right, [0, 0], 1, op=pld.NotifyOp.AtomicAdd)
        pl.tensor.write(box, [0, 0], 1.0)
        pld.system.wait(signal, [0, 0], 1, cmp=pld.WaitCmp.Ge)
        got: pl.Tile[[1, 8], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(box, [0, 8], [1, 8])
        pl.tile.store(got, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIV)
    def apart(
        self,
        inp: pl.Tensor[[1, 8], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 8], pl.FP32]],
        box: pl.InOut[pld.DistributedTensor[[1, 32], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[1, 8], pl.INT32]],
    ):
        ctx = pld.get_comm_ctx(box)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        right: pl.Scalar[pl.INDEX] = (me + 1) % pld.nranks(ctx)
        row: pl.Tile[[1, 8], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 8])
        pld.tile.remote_store(row, box, right, [0, 16])
        pld.system.notify(signal, right, [0, 0], 1, op=pld.NotifyOp.AtomicAdd)
        pl.tensor.write(box, [0, 0], 1.0)
        pld.system.wait(signal, [0, 0], 1, cmp=pld.WaitCmp.Ge)
        got: pl.Tile[[1, 8], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(box, [0, 16], [1, 8])
        pl.tile.store(got, [0, 0], out)
