# broadcast: after the barrier every rank copies the root's window into its
# own with pld.tile.get through a Vec staging tile of the window's 2-D shape
# (the root copies onto itself); one credit to take back.
# RUN: ptoc %s --passes=lower-composite-ops --emit=text | FileCheck %s
# CHECK:      pld.system.wait(signal, [src, 0], 1, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT: stage: pl.Tile{{\[\[}}6, 16], pl.FP32, pl.Mem.Vec] = pl.tile.create(shape=[6, 16], dtype=pl.FP32)
# CHECK-NEXT: pld.tile.get(data, 2, data, stage)
# CHECK-NEXT: for src_1 in pl.range(nranks):
# CHECK-NEXT:     if src_1 != me:
# CHECK-NEXT:         pld.system.notify(signal, me, [src_1, 0], -1)
# CHECK-NEXT: data_1 = data
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Broadcast:
    @pl.function(type=pl.FunctionType.InCore)
    def share(
        self,
        data: pl.InOut[pld.DistributedTensor[[2, 3, 16], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[2, 3, 16], pl.FP32]:
        data = pld.tensor.broadcast(data, signal, root=2)
        return data
