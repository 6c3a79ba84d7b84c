# A mesh allreduce that fits one 16 KiB chunk: after the ready barrier
# (generation 1) each rank loads its window, adds every peer's copy (a
# remote load per peer, the accumulator carried by the loop), meets the
# others again (generation 2: nobody overwrites a window a slower peer has
# not read yet), stores, and takes its two credits back. An N-D window keeps
# its shape; the store names the region.
# RUN: ptoc %s --passes=lower-composite-ops --emit=text | FileCheck %s --match-full-lines
# CHECK:                pld.system.wait(signal, [src, 0], 1, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT:        acc: pl.Tile{{\[\[}}2, 3, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(data, [0, 0, 0], [2, 3, 8])
# CHECK-NEXT:        for peer_1, (acc_1,) in pl.range(nranks, init_values=(acc,)):
# CHECK-NEXT:            if peer_1 != me:
# CHECK-NEXT:                recv: pl.Tile{{\[\[}}2, 3, 8], pl.FP32, pl.Mem.Vec] = pld.tile.remote_load(data, peer_1, [0, 0, 0], [2, 3, 8])
# CHECK-NEXT:                acc_2: pl.Tile{{\[\[}}2, 3, 8], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc_1, recv)
# CHECK-NEXT:                acc_3 = pl.yield_(acc_2)
# CHECK-NEXT:            else:
# CHECK-NEXT:                acc_3 = pl.yield_(acc_1)
# CHECK-NEXT:            acc_4 = pl.yield_(acc_3)
# CHECK:                pld.system.wait(signal, [src_1, 0], 2, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT:        pl.tile.store(acc_4, [0, 0, 0], data, [2, 3, 8])
# CHECK-NEXT:        for src_2 in pl.range(nranks):
# CHECK-NEXT:            if src_2 != me:
# CHECK-NEXT:                pld.system.notify(signal, me, [src_2, 0], -2)
# CHECK-NEXT:        data_1 = data
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class AllReduce:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce(
        self,
        data: pl.InOut[pld.DistributedTensor[[2, 3, 8], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[2, 3, 8], pl.FP32]:
        data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum)
        return data
