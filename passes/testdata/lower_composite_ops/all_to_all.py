# all_to_all: row `dest` of the input goes into row `me` of rank dest's
# target, for every rank, then the barrier: after it row `src` of the target
# holds what rank src sent here.
# RUN: ptoc %s --passes=lower-composite-ops --emit=text | FileCheck %s
# CHECK:      for dest in pl.range(nranks):
# CHECK-NEXT:     row: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(inp, [dest, 0], [1, 16])
# CHECK-NEXT:     pld.tile.remote_store(row, data, dest, [me, 0])
# CHECK:              pld.system.wait(signal, [src, 0], 1, cmp=pld.WaitCmp.Ge)
# CHECK:              pld.system.notify(signal, me, [src_1, 0], -1)
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class AllToAll:
    @pl.function(type=pl.FunctionType.InCore)
    def exchange(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        data: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[4, 16], pl.FP32]:
        data = pld.tensor.all_to_all(inp, data, signal)
        return data
