# pipe-sync.md §3.4 widening (§7 case 11's shape): nine loads outstanding
# at once, then their relus, then the stores. The MTE2->V pairs take ids
# 0..7; the ninth has no id left. Widening it into the eighth (EVENT_ID7's
# set after the ninth load) and merging the first two (EVENT_ID0's set
# after the second load, whose own pair goes and frees its id) cost one
# load each; ptoc takes the earlier (sync_plan_widen.cc): relu 0 waits for
# load 1, and the ninth relu keeps a pair of its own. The V->MTE3 pairs of
# the stores merge the same way. No pair is demoted: the only PIPE_ALL is
# the tail.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=syncplan | FileCheck %s --check-prefix=PLAN
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Widening:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[9, 64], pl.FP32], out: pl.Out[pl.Tensor[[9, 64], pl.FP32]]):
        x0: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        x1: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [1, 0], [1, 64])
        x2: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [2, 0], [1, 64])
        x3: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [3, 0], [1, 64])
        x4: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [4, 0], [1, 64])
        x5: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [5, 0], [1, 64])
        x6: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [6, 0], [1, 64])
        x7: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [7, 0], [1, 64])
        x8: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [8, 0], [1, 64])
        y0: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x0)
        y1: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x1)
        y2: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x2)
        y3: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x3)
        y4: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x4)
        y5: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x5)
        y6: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x6)
        y7: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x7)
        y8: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x8)
        pl.tile.store(y0, [0, 0], out)
        pl.tile.store(y1, [1, 0], out)
        pl.tile.store(y2, [2, 0], out)
        pl.tile.store(y3, [3, 0], out)
        pl.tile.store(y4, [4, 0], out)
        pl.tile.store(y5, [5, 0], out)
        pl.tile.store(y6, [6, 0], out)
        pl.tile.store(y7, [7, 0], out)
        pl.tile.store(y8, [8, 0], out)

# CPP: TLOAD(x0, a_gm);
# CPP-NOT: _flag(
# CPP: TLOAD(x1, a_gm_1);
# CPP-NOT: TLOAD
# CPP: set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP: TLOAD(x8, a_gm_8);
# CPP-NOT: TRELU
# CPP: set_flag(PIPE_MTE2, PIPE_V, EVENT_ID7);
# CPP-NOT: TRELU
# CPP: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: TRELU(y0, x0);
# CPP-NOT: _flag(
# CPP: TRELU(y1, x1);
# CPP: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID7);
# CPP-NEXT: TRELU(y8, x8);
# CPP-NOT: TSTORE
# CPP: set_flag(PIPE_V, PIPE_MTE3, EVENT_ID7);
# CPP-NEXT: wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: TSTORE(out_gm, y0);
# CPP-NOT: _flag(
# CPP: TSTORE(out_gm_1, y1);
# CPP: wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID7);
# CPP-NEXT: TSTORE(out_gm_8, y8);
# CPP: pipe_barrier(PIPE_ALL);
# CPP-NOT: pipe_barrier

# PTO-NOT: pto.barrier <PIPE_ALL>
# PTO: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>] loc("{{.*}}":22:{{[0-9]+}})
# PTO-NOT: pto.barrier <PIPE_ALL>
# PTO: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>] loc("{{.*}}":30:{{[0-9]+}})
# PTO-NOT: pto.barrier <PIPE_ALL>
# PTO: pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>] loc("{{.*}}":31:{{[0-9]+}})
# PTO-NOT: pto.barrier <PIPE_ALL>
# PTO: pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>] loc("{{.*}}":39:{{[0-9]+}})
# PTO-NOT: pto.barrier <PIPE_ALL>
# PTO: pto.barrier <PIPE_ALL>
# PTO-NEXT: return

# PLAN: func k: 17 units
# PLAN: unit 0: pair PIPE_MTE2 -> PIPE_V EVENT_ID0 set after {{.*}}:22:9 wait before {{.*}}:30:9
# PLAN: unit 7: pair PIPE_MTE2 -> PIPE_V EVENT_ID7 set after {{.*}}:29:9 wait before {{.*}}:38:9
# PLAN: unit 8: pair PIPE_V -> PIPE_MTE3 EVENT_ID0 set after {{.*}}:31:9 wait before {{.*}}:39:9
# PLAN: unit 15: pair PIPE_V -> PIPE_MTE3 EVENT_ID7 set after {{.*}}:38:9 wait before {{.*}}:47:9
# PLAN-NEXT: unit 16: pipe_barrier(PIPE_ALL) before {{.*}}:20:5 (tail)
# PLAN-NEXT: check: 1 of 1 executions, clean
