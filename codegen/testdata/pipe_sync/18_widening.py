# pipe-sync.md §3.4 widening (§7 case 11's shape): nine loads outstanding
# at once, then their relus, then the stores. The MTE2->V pairs take ids
# 0..7; the ninth has no id left and is widened into the eighth: EVENT_ID7's
# set moves after the ninth load (its wait, before the eighth relu, then
# covers the ninth load too). The V->MTE3 pairs of the stores widen the same
# way. No pair is demoted: the only PIPE_ALL is the tail.
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

# CPP: TLOAD(x6, a_gm_6);
# CPP: set_flag(PIPE_MTE2, PIPE_V, EVENT_ID6);
# CPP-NEXT: TLOAD(x7, a_gm_7);
# CPP-NOT: _flag(
# CPP: TLOAD(x8, a_gm_8);
# CPP-NOT: _flag(
# CPP: set_flag(PIPE_MTE2, PIPE_V, EVENT_ID7);
# CPP: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID7);
# CPP-NEXT: TRELU(y7, x7);
# CPP-NOT: _flag(
# CPP: TRELU(y8, x8);
# CPP: set_flag(PIPE_V, PIPE_MTE3, EVENT_ID7);
# CPP: wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID7);
# CPP-NEXT: TSTORE(out_gm_7, y7);
# CPP-NOT: _flag(
# CPP: TSTORE(out_gm_8, y8);
# CPP-NEXT: pipe_barrier(PIPE_ALL);
# CPP-NOT: pipe_barrier

# PTO-NOT: pto.barrier <PIPE_ALL>
# PTO: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID7>] loc("{{.*}}":26:{{[0-9]+}})
# PTO-NOT: pto.barrier <PIPE_ALL>
# PTO: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID7>] loc("{{.*}}":34:{{[0-9]+}})
# PTO-NOT: pto.barrier <PIPE_ALL>
# PTO: pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID7>] loc("{{.*}}":35:{{[0-9]+}})
# PTO-NOT: pto.barrier <PIPE_ALL>
# PTO: pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID7>] loc("{{.*}}":43:{{[0-9]+}})
# PTO-NOT: pto.barrier <PIPE_ALL>
# PTO: pto.barrier <PIPE_ALL>
# PTO-NEXT: return

# PLAN: func k: 17 units
# PLAN: unit 7: pair PIPE_MTE2 -> PIPE_V EVENT_ID7 set after {{.*}}:26:9 wait before {{.*}}:34:9
# PLAN: unit 15: pair PIPE_V -> PIPE_MTE3 EVENT_ID7 set after {{.*}}:35:9 wait before {{.*}}:43:9
# PLAN-NEXT: unit 16: pipe_barrier(PIPE_ALL) before {{.*}}:17:5 (tail)
# PLAN-NEXT: check: 1 of 1 executions, clean
