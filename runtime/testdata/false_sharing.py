# comm-hazards.md H2, two objects in one cache line: every rank stores a row
# into its right neighbour's mailbox at column `col` and notifies it, then
# marks its own mailbox (a flag cell written through its data cache), then
# waits for its left neighbour's row. With col=8 the row lands in the
# 64-byte line of the flag cell (FP32 columns 0..15): cleaning the flag's
# line writes the whole line back, and where the neighbour's row landed
# after the line was fetched, the row is lost (ptoc-sim and ptoc-run-cpp
# report false sharing; check-comm-contract refuses such a layout where the
# offsets are constants: passes/testdata/check_comm_contract/cell_shares_line.py).
# With col=16 the row has a line of its own: clean.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class FalseSharing:
    @pl.function(type=pl.FunctionType.AIV)
    def exchange(
        self,
        inp: pl.Tensor[[1, 8], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 8], pl.FP32]],
        box: pl.InOut[pld.DistributedTensor[[1, 32], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[1, 8], pl.INT32]],
        col: pl.Scalar[pl.INDEX],
    ):
        ctx = pld.get_comm_ctx(box)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        right: pl.Scalar[pl.INDEX] = (me + 1) % pld.nranks(ctx)
        row: pl.Tile[[1, 8], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 8])
        pld.tile.remote_store(row, box, right, [0, col])
        pld.system.notify(signal, right, [0, 0], 1, op=pld.NotifyOp.AtomicAdd)
        pl.tensor.write(box, [0, 0], 1.0)
        pld.system.wait(signal, [0, 0], 1, cmp=pld.WaitCmp.Ge)
        got: pl.Tile[[1, 8], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(box, [0, col], [1, 8])
        pl.tile.store(got, [0, 0], out)
