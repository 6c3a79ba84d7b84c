# pipe-sync.md §7 case 11 (as planned today): nine load -> relu -> store
# chains in a row: the MTE2->V and V->MTE3 pairs take ids 0..7 (an id is
# used once between two full barriers); the ninth MTE2->V pair has no id
# left and cannot be widened (every earlier MTE2->V wait comes before the
# ninth load, 18_widening.py has the kernel that widens), so it is demoted
# to pipe_barrier(PIPE_ALL) before its relu, which frees every id again.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Exhaustion:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[9, 64], pl.FP32], out: pl.Out[pl.Tensor[[9, 64], pl.FP32]]):
        x0: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        y0: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x0)
        pl.tile.store(y0, [0, 0], out)
        x1: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [1, 0], [1, 64])
        y1: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x1)
        pl.tile.store(y1, [1, 0], out)
        x2: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [2, 0], [1, 64])
        y2: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x2)
        pl.tile.store(y2, [2, 0], out)
        x3: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [3, 0], [1, 64])
        y3: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x3)
        pl.tile.store(y3, [3, 0], out)
        x4: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [4, 0], [1, 64])
        y4: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x4)
        pl.tile.store(y4, [4, 0], out)
        x5: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [5, 0], [1, 64])
        y5: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x5)
        pl.tile.store(y5, [5, 0], out)
        x6: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [6, 0], [1, 64])
        y6: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x6)
        pl.tile.store(y6, [6, 0], out)
        x7: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [7, 0], [1, 64])
        y7: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x7)
        pl.tile.store(y7, [7, 0], out)
        x8: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [8, 0], [1, 64])
        y8: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x8)
        pl.tile.store(y8, [8, 0], out)

# CPP: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID7);
# CPP-NEXT: TRELU(y7, x7);
# CPP: set_flag(PIPE_V, PIPE_MTE3, EVENT_ID7);
# CPP: TLOAD(x8, a_gm_8);
# CPP: pipe_barrier(PIPE_ALL);
# CPP-NEXT: TRELU(y8, x8);
# CPP: set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
# PTO: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID7>]
# PTO: pto.barrier <PIPE_ALL>
# PTO-NEXT: pto.trelu
# PTO: pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
