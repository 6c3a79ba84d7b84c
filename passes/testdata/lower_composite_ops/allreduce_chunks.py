# A single row larger than 16 KiB is reduced 4096 FP32 columns at a time,
# each chunk closed by its own barrier (generation chunk + 2), then the
# ragged tail as a chunk of its own; the epilogue takes back every credit
# (1 ready + 2 whole chunks + 1 tail = 4). A window of many rows is chunked
# by whole rows instead.
# RUN: ptoc %s --passes=lower-composite-ops --emit=text | FileCheck %s
# RUN: sed 's/\[1, 8200\]/[40, 128]/g' %s > %t.rows.py
# RUN: ptoc %t.rows.py --passes=lower-composite-ops --emit=text | FileCheck %s --check-prefix=ROWS
# RUN: ptoc %s --backend=a2a3 --emit=pto | FileCheck %s --check-prefix=PTO
# CHECK:      for chunk in pl.range(2):
# CHECK-NEXT:     acc: pl.Tile{{\[\[}}1, 4096], pl.FP32, pl.Mem.Vec] = pl.tile.load(data, [0, chunk * 4096], [1, 4096])
# CHECK:              recv: pl.Tile{{\[\[}}1, 4096], pl.FP32, pl.Mem.Vec] = pld.tile.remote_load(data, peer_1, [0, chunk * 4096], [1, 4096])
# CHECK:                  pld.system.wait(signal, [src_1, 0], chunk + 2, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT:     pl.tile.store(acc_4, [0, chunk * 4096], data)
# CHECK:      acc_5: pl.Tile{{\[\[}}1, 8], pl.FP32, pl.Mem.Vec] = pl.tile.load(data, [0, 8192], [1, 8])
# CHECK:              pld.system.wait(signal, [src_2, 0], 4, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT: pl.tile.store(acc_9, [0, 8192], data)
# CHECK:              pld.system.notify(signal, me, [src_3, 0], -4)
# ROWS:      for chunk in pl.range(1):
# ROWS-NEXT:     acc: pl.Tile{{\[\[}}32, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(data, [chunk * 32, 0], [32, 128])
# ROWS:      acc_5: pl.Tile{{\[\[}}8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(data, [32, 0], [8, 128])
# ROWS:              pld.system.notify(signal, me, [src_3, 0], -3)
# PTO: pto.tadd
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class AllReduceChunks:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce(
        self,
        data: pl.InOut[pld.DistributedTensor[[1, 8200], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[4, 1], pl.INT32]],
    ) -> pld.DistributedTensor[[1, 8200], pl.FP32]:
        data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum)
        return data
