# broadcast: after the barrier every rank but the root copies the root's
# window into its own with pld.tile.get through a Vec staging tile of the
# window's 2-D shape. PyPTO's root copies onto itself too, a write that
# races with the peers' reads (ptoc-sim finds it), so the root skips it; a
# second barrier, which PyPTO does not have, keeps every rank (the root
# writing its window again) from returning before all peers have read it.
# Two credits to take back.
# RUN: ptoc %s --passes=lower-composite-ops --emit=text | FileCheck %s
# CHECK:      pld.system.wait(signal, [src, 0], 1, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT: stage: pl.Tile{{\[\[}}6, 16], pl.FP32, pl.Mem.Vec] = pl.tile.create(shape=[6, 16], dtype=pl.FP32)
# CHECK-NEXT: if me != 2:
# CHECK-NEXT:     pld.tile.get(data, 2, data, stage)
# CHECK:              pld.system.wait(signal, [src_1, 0], 2, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT: for src_2 in pl.range(nranks):
# CHECK-NEXT:     if src_2 != me:
# CHECK-NEXT:         pld.system.notify(signal, me, [src_2, 0], -2)
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
