# pipe-sync.md §7 case 02: GM RAW and WAR inside one lane: a store to
# `out`, a load of it back (MTE3->MTE2), a store into the GM the first load
# read (WAR, MTE2->MTE3); every pair takes id 0: the second MTE2->MTE3 set
# comes after the first one's wait by the chain through MTE3->MTE2 (ids
# are allocated again after the sweep, the lowest the check allows).
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class GmRaw:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
        x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        pl.tile.store(x, [0, 0], out)
        y: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(out, [0, 0], [1, 64])
        pl.tile.store(y, [0, 0], a)

# CPP: TLOAD(x, a_gm);
# CPP: set_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: TSTORE(out_gm, x);
# CPP: set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
# CPP-NEXT: TLOAD(y, out_gm_1);
# CPP: set_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: TSTORE(a_gm_1, y);
# CPP-NEXT: pipe_barrier(PIPE_ALL);

# PTO: pto.tload
# PTO: pto.set_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.tstore
# PTO: pto.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
# PTO-NEXT: pto.tload
# PTO: pto.set_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.tstore
# PTO-NEXT: pto.barrier <PIPE_ALL>
