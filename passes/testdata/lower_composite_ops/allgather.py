# allgather: this rank's row goes into row `me` of every rank's target (its
# own included) before the barrier, so after it the target holds every
# rank's row. PyPTO pushes with pld.tile.put of a subregion; ptoc loads the
# row into a Vec tile and stores it remotely, the same path through UB.
# RUN: ptoc %s --passes=lower-composite-ops --emit=text | FileCheck %s
# CHECK:      row: pl.Tile{{\[\[}}1, 32], pl.FP16, pl.Mem.Vec] = pl.tile.load(local, [0, 0], [1, 32])
# CHECK-NEXT: for dest in pl.range(nranks):
# CHECK-NEXT:     pld.tile.remote_store(row, gathered, dest, [me, 0])
# CHECK-NEXT: for peer in pl.range(nranks):
# CHECK-NEXT:     if peer != me:
# CHECK-NEXT:         pld.system.notify(signal, peer, [me, 0], 1)
# CHECK:              pld.system.wait(signal, [src, 0], 1, cmp=pld.WaitCmp.Ge)
# CHECK:              pld.system.notify(signal, me, [src_1, 0], -1)
# CHECK-NEXT: result = gathered
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class AllGather:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(
        self,
        local: pl.Tensor[[1, 32], pl.FP16],
        gathered: pl.InOut[pld.DistributedTensor[[4, 32], pl.FP16]],
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[4, 32], pl.FP16]:
        result = pld.tensor.allgather(local, gathered, signal)
        return result
