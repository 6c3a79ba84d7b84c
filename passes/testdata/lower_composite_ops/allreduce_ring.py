# mode="ring": segment r of the row (SIZE / NR elements) belongs to rank r.
# NR - 1 reduce-scatter rounds add the left neighbour's copy of segment
# (me - s - 2) % NR to this rank's, NR - 1 allgather rounds copy its
# segment (me - s - 1) % NR; round s barriers on row s of the
# [2 * (NR - 1), NR] signal (ready 2c + 1, read 2c + 2 per 16 KiB piece c)
# and the epilogue takes 2 credits per piece back from every row.
# RUN: ptoc %s --passes=lower-composite-ops --emit=text | FileCheck %s
# RUN: ptoc %s --backend=a2a3 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: sed 's/\[1, 64\], pl.FP32/[1, 30], pl.FP32/g' %s > %t.uneven.py
# RUN: not ptoc %t.uneven.py --passes=lower-composite-ops 2>&1 | FileCheck %s --check-prefix=UNEVEN
# RUN: sed 's/\[1, 64\], pl.FP32/[1, 32], pl.FP16/g' %s > %t.fp16.py
# RUN: not ptoc %t.fp16.py --passes=lower-composite-ops 2>&1 | FileCheck %s --check-prefix=FP16
# CHECK:      left: pl.Scalar[pl.INDEX] = (me + nranks - 1) % nranks
# CHECK-NEXT: for rs_step in pl.range(nranks - 1):
# CHECK-NEXT:     rs_segment: pl.Scalar[pl.INDEX] = (me + nranks - (rs_step + 2)) % nranks
# CHECK:                  pld.system.notify(signal, peer, [rs_step, me], 1)
# CHECK:                  pld.system.wait(signal, [rs_step, src], 1, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT:     recv: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Vec] = pld.tile.remote_load(data, left, [0, rs_segment * 16], [1, 16])
# CHECK-NEXT:     acc: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(data, [0, rs_segment * 16], [1, 16])
# CHECK-NEXT:     acc_1: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Vec] = pl.tile.maximum(acc, recv)
# CHECK:                  pld.system.wait(signal, [rs_step, src_1], 2, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT:     pl.tile.store(acc_1, [0, rs_segment * 16], data)
# CHECK-NEXT: for ag_step in pl.range(nranks - 1):
# CHECK-NEXT:     ag_row: pl.Scalar[pl.INDEX] = ag_step + (nranks - 1)
# CHECK-NEXT:     ag_segment: pl.Scalar[pl.INDEX] = (me + nranks - (ag_step + 1)) % nranks
# CHECK:                  pld.system.wait(signal, [ag_row, src_2], 1, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT:     recv_1: pl.Tile{{\[\[}}1, 16], pl.FP32, pl.Mem.Vec] = pld.tile.remote_load(data, left, [0, ag_segment * 16], [1, 16])
# CHECK:                  pld.system.wait(signal, [ag_row, src_3], 2, cmp=pld.WaitCmp.Ge)
# CHECK-NEXT:     pl.tile.store(recv_1, [0, ag_segment * 16], data)
# CHECK-NEXT: for reset_row in pl.range(6):
# CHECK-NEXT:     for src_4 in pl.range(nranks):
# CHECK-NEXT:         if src_4 != me:
# CHECK-NEXT:             pld.system.notify(signal, me, [reset_row, src_4], -2)
# CHECK-NEXT: data_1 = data
# PTO: pto.tmax
# UNEVEN: error: 'pld.tensor.allreduce': ptoc lowers mode="ring" only when the 30 elements split evenly among the signal's 4 ranks
# FP16: error: 'pld.tensor.allreduce': ptoc lowers mode="ring" of FP16 only when each rank's segment (8 elements) starts 32-byte aligned
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Ring:
    @pl.function(type=pl.FunctionType.InCore)
    def reduce(
        self,
        data: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[6, 4], pl.INT32]],
    ) -> pld.DistributedTensor[[1, 64], pl.FP32]:
        data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Max, mode="ring")
        return data
