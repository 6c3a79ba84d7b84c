# all_to_all_v: every rank owns a block of target rows / NR rows (NR the
# signal's first dim). For each rank dest: its count, clamped to the block
# so it cannot spill into the next rank's block, is set into rank dest's
# recv_counts[me]; block `dest` of the input goes into block `me` of rank
# dest's target. Then the barrier.
# RUN: ptoc %s --passes=lower-composite-ops --emit=text | FileCheck %s
# CHECK:      for dest in pl.range(nranks):
# CHECK-NEXT:     count: pl.Scalar[pl.INT32] = pl.tensor.read(counts, [dest])
# CHECK-NEXT:     if count > 3:
# CHECK-NEXT:         sent = pl.yield_(3)
# CHECK-NEXT:     else:
# CHECK-NEXT:         sent = pl.yield_(count)
# CHECK-NEXT:     pld.system.notify(recv_counts, dest, [me, 0], sent, op=pld.NotifyOp.Set)
# CHECK-NEXT:     rows: pl.Tile{{\[\[}}3, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(inp, [dest * 3, 0], [3, 16])
# CHECK-NEXT:     pld.tile.remote_store(rows, data, dest, [me * 3, 0])
# CHECK:              pld.system.wait(signal, [src, 0], 1, cmp=pld.WaitCmp.Ge)
# CHECK:              pld.system.notify(signal, me, [src_1, 0], -1)
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class AllToAllV:
    @pl.function(type=pl.FunctionType.InCore)
    def exchange(
        self,
        inp: pl.Tensor[[12, 16], pl.FP32],
        counts: pl.Tensor[[4], pl.INT32],
        data: pl.InOut[pld.DistributedTensor[[12, 16], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
        recv_counts: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[12, 16], pl.FP32]:
        data = pld.tensor.all_to_all_v(inp, data, signal, counts, recv_counts)
        return data
