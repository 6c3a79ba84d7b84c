# pipe-sync.md §7 case 01: load -> relu -> store gets MTE2->V and V->MTE3,
# the tail barrier; two loads read by one add need one flag (the set after
# the second load covers the first: a set waits for every earlier MTE2 op).
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl


@pl.program
class VecStraight:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 64], pl.FP32], b: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
        x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        y: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [1, 64])
        s: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.add(x, y)
        r: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(s)
        pl.tile.store(r, [0, 0], out)

# CPP: // Pipe synchronisation: flags (ptoc --pipe-sync=flags).
# CPP: TLOAD(x, a_gm);
# CPP-NOT: flag
# CPP: TLOAD(y, b_gm);
# CPP-NOT: wait_flag
# CPP: set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: TADD(s, x, y);
# CPP-NOT: flag
# CPP: pipe_barrier(PIPE_V);
# CPP-NEXT: TRELU(r, s);
# CPP: set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: TSTORE(out_gm, r);
# CPP-NEXT: pipe_barrier(PIPE_ALL);
# CPP-NEXT: #endif
# CPP-NOT: PIPE_ALL

# PTO: assemble with ptoas --pto-level=level3 and without --enable-insert-sync.
# PTO: %x = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec
# PTO: %y = pto.alloc_tile addr = %c512_i64 : !pto.tile_buf<loc=vec
# PTO: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>] loc("{{.*}}01_vec_straight.py":14:
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>] loc("{{.*}}01_vec_straight.py":15:
# PTO-NEXT: pto.tadd
# PTO: pto.barrier <PIPE_V>
# PTO-NEXT: pto.trelu
# PTO: pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.tstore
# PTO-NEXT: pto.barrier <PIPE_ALL>
# PTO-NEXT: return

# The removal check in process (--pipe-sync-removal): each of the 4 units,
# left out alone, gives a finding.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=syncplan --pipe-sync-removal | FileCheck %s --check-prefix=REMOVAL
# REMOVAL: func k: 4 units
# REMOVAL: removal: 4 of 4 units caught
# REMOVAL-NOT: not caught
