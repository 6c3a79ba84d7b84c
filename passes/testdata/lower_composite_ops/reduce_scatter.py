# reduce_scatter: rank r ends with row r of the target summed over every
# rank. Between the ready barrier and the store it reads row `me` of each
# peer; the second barrier keeps a fast rank from storing before its peers
# have read its row; the epilogue takes back both credits. Another op is
# refused where the call is read, as PyPTO's deducer does.
# RUN: ptoc %s --passes=lower-composite-ops --emit=text | FileCheck %s
# RUN: sed 's/ReduceOp.Sum/ReduceOp.Max/' %s > %t.max.py
# RUN: not ptoc %t.max.py --passes=lower-composite-ops --emit=text 2>&1 | FileCheck %s --check-prefix=MAX
# CHECK:      pld.system.wait(signal, [src, 0], 1, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT: acc: pl.Tile{{\[\[}}1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.load(data, [me, 0], [1, 32])
# CHECK:      recv: pl.Tile{{\[\[}}1, 32], pl.FP32, pl.Mem.Vec] = pld.tile.remote_load(data, peer_1, [me, 0], [1, 32])
# CHECK-NEXT: acc_2: pl.Tile{{\[\[}}1, 32], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc_1, recv)
# CHECK:      pld.system.wait(signal, [src_1, 0], 2, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT: pl.tile.store(acc_4, [me, 0], data)
# CHECK:      pld.system.notify(signal, me, [src_2, 0], -2)
# CHECK-NEXT: data_1 = data
# MAX: reduce_scatter.py{{.*}}:{{[0-9]+}}:16: error: 'pld.tensor.reduce_scatter' supports only op=pld.ReduceOp.Sum
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class ReduceScatter:
    @pl.function(type=pl.FunctionType.InCore)
    def scatter(
        self,
        data: pl.InOut[pld.DistributedTensor[[4, 32], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[4, 32], pl.FP32]:
        data = pld.tensor.reduce_scatter(data, signal, op=pld.ReduceOp.Sum)
        return data
