# GM regions by offset (pipe-sync.md §2.1): the DMA accesses of one tensor
# conflict only when their per-dim element ranges overlap. Two stores into
# different rows need no pipe_barrier(PIPE_MTE3), a load of a third row no
# MTE3->MTE2 pair; a store into a row stored before gets the same-pipe
# barrier, and a load of a stored row its MTE3->MTE2 pair.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class GmRegions:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 16], pl.FP32], out: pl.InOut[pl.Tensor[[4, 16], pl.FP32]]):
        x: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 16])
        pl.tile.store(x, [0, 0], out)
        pl.tile.store(x, [1, 0], out)
        y: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(out, [2, 0], [1, 16])
        pl.tile.store(x, [0, 0], out)
        w: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(out, [1, 0], [1, 16])

# CPP: set_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: TSTORE(out_gm, x);
# CPP-NEXT: // {{.*}}:18
# CPP-NEXT: GlobalTensor<{{.*}}> out_gm_1(out + 16);
# CPP-NEXT: TSTORE(out_gm_1, x);
# CPP-NEXT: // {{.*}}:19
# CPP: TASSIGN(y, 0x200);
# CPP-NEXT: set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
# CPP-NEXT: TLOAD(y, out_gm_2);
# CPP: pipe_barrier(PIPE_MTE3);
# CPP-NEXT: TSTORE(out_gm_3, x);
# CPP: TASSIGN(w, 0x400);
# CPP-NEXT: wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
# CPP-NEXT: TLOAD(w, out_gm_4);
# CPP-NEXT: pipe_barrier(PIPE_ALL);

# PTO: pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.tstore
# PTO-NEXT: partition_view %out_view, offsets = [%c1, %c0]
# PTO-NEXT: pto.tstore
# PTO-NEXT: partition_view %out_view, offsets = [%c2, %c0]
# PTO-NEXT: pto.alloc_tile
# PTO-NEXT: pto.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
# PTO-NEXT: pto.tload
# PTO-NEXT: partition_view %out_view, offsets = [%c0, %c0]
# PTO-NEXT: pto.barrier <PIPE_MTE3>
# PTO-NEXT: pto.tstore
# PTO-NEXT: partition_view %out_view, offsets = [%c1, %c0]
# PTO-NEXT: pto.alloc_tile
# PTO-NEXT: pto.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
# PTO-NEXT: pto.tload
# PTO-NEXT: pto.barrier <PIPE_ALL>
