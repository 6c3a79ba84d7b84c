# --pipe-sync=flags-unbounded (pipe-sync.md §3.1, for debugging and the
# benchmarks): case 18's nine outstanding loads get nine MTE2->V ids, 0..8,
# and the stores nine V->MTE3 ids; nothing is widened or demoted, and the
# header says the file is not for hardware (EVENT_ID8 does not exist).
# RUN: ptoc %s --passes= --pipe-sync=flags-unbounded --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags-unbounded --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --pipe-sync=flags-unbounded --emit=syncplan | FileCheck %s --check-prefix=PLAN
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Unbounded:
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

# CPP: // Pipe synchronisation: flags with unbounded event ids (ptoc --pipe-sync=flags-unbounded): not for hardware.
# CPP-NOT: pipe_barrier
# CPP: set_flag(PIPE_MTE2, PIPE_V, EVENT_ID7);
# CPP-NEXT: TLOAD(x8, a_gm_8);
# CPP-NOT: pipe_barrier
# CPP: set_flag(PIPE_MTE2, PIPE_V, EVENT_ID8);
# CPP-NEXT: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NOT: pipe_barrier
# CPP: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID8);
# CPP-NEXT: TRELU(y8, x8);
# CPP-NOT: pipe_barrier
# CPP: wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID8);
# CPP-NEXT: TSTORE(out_gm_8, y8);
# CPP-NEXT: pipe_barrier(PIPE_ALL);
# CPP-NOT: pipe_barrier

# PTO: // Pipe synchronisation: flags with unbounded event ids (ptoc --pipe-sync=flags-unbounded): not for hardware.
# PTO-NOT: pto.barrier <PIPE_ALL>
# PTO: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID8>] loc("{{.*}}":24:{{[0-9]+}})
# PTO-NOT: pto.barrier <PIPE_ALL>
# PTO: pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID8>] loc("{{.*}}":42:{{[0-9]+}})
# PTO-NEXT: pto.tstore
# PTO-NEXT: pto.barrier <PIPE_ALL>
# PTO-NEXT: return

# PLAN: func k: 19 units
# PLAN: unit 8: pair PIPE_MTE2 -> PIPE_V EVENT_ID8 set after {{.*}}:24:9 wait before {{.*}}:33:9
# PLAN: unit 17: pair PIPE_V -> PIPE_MTE3 EVENT_ID8 set after {{.*}}:33:9 wait before {{.*}}:42:9
# PLAN-NEXT: unit 18: pipe_barrier(PIPE_ALL) before {{.*}}:15:5 (tail)
# PLAN-NEXT: check: 1 of 1 executions, clean
