# pipe-sync.md §3.4 widening spread over the ids (set F's ids_16, from
# testing/bench/gen_pipe_kernels.py ids --loads=16): sixteen loads
# outstanding at once, then their relus, then their stores, with eight ids
# per pipe pair (sync_plan_widen.cc). The first MTE2->V id covers loads
# 0..3, the next five two loads each, and the last two relus (on the
# critical path) keep a pair each; the V->MTE3 ids group the stores the
# same way. Widening always into the latest set instead made relu 7 wait
# for loads 7..15. No pair is demoted.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=syncplan | FileCheck %s
import pypto.language as pl


@pl.program
class Ids:
    @pl.function(type=pl.FunctionType.AIV)
    def ids(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        x0: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        x1: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [1, 0], [1, 64])
        x2: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [2, 0], [1, 64])
        x3: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [3, 0], [1, 64])
        x4: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [4, 0], [1, 64])
        x5: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [5, 0], [1, 64])
        x6: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [6, 0], [1, 64])
        x7: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [7, 0], [1, 64])
        x8: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [8, 0], [1, 64])
        x9: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [9, 0], [1, 64])
        x10: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [10, 0], [1, 64])
        x11: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [11, 0], [1, 64])
        x12: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [12, 0], [1, 64])
        x13: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [13, 0], [1, 64])
        x14: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [14, 0], [1, 64])
        x15: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [15, 0], [1, 64])
        y0: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x0)
        y1: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x1)
        y2: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x2)
        y3: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x3)
        y4: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x4)
        y5: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x5)
        y6: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x6)
        y7: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x7)
        y8: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x8)
        y9: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x9)
        y10: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x10)
        y11: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x11)
        y12: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x12)
        y13: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x13)
        y14: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x14)
        y15: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x15)
        pl.tile.store(y0, [0, 0], out)
        pl.tile.store(y1, [1, 0], out)
        pl.tile.store(y2, [2, 0], out)
        pl.tile.store(y3, [3, 0], out)
        pl.tile.store(y4, [4, 0], out)
        pl.tile.store(y5, [5, 0], out)
        pl.tile.store(y6, [6, 0], out)
        pl.tile.store(y7, [7, 0], out)
        pl.tile.store(y8, [8, 0], out)
        pl.tile.store(y9, [9, 0], out)
        pl.tile.store(y10, [10, 0], out)
        pl.tile.store(y11, [11, 0], out)
        pl.tile.store(y12, [12, 0], out)
        pl.tile.store(y13, [13, 0], out)
        pl.tile.store(y14, [14, 0], out)
        pl.tile.store(y15, [15, 0], out)

# CHECK: func ids: 17 units
# CHECK-NEXT: unit 0: pair PIPE_MTE2 -> PIPE_V EVENT_ID0 set after {{.*}}:20:9 wait before {{.*}}:33:9
# CHECK-NEXT: unit 1: pair PIPE_MTE2 -> PIPE_V EVENT_ID1 set after {{.*}}:22:9 wait before {{.*}}:37:9
# CHECK-NEXT: unit 2: pair PIPE_MTE2 -> PIPE_V EVENT_ID2 set after {{.*}}:24:9 wait before {{.*}}:39:9
# CHECK-NEXT: unit 3: pair PIPE_MTE2 -> PIPE_V EVENT_ID3 set after {{.*}}:26:9 wait before {{.*}}:41:9
# CHECK-NEXT: unit 4: pair PIPE_MTE2 -> PIPE_V EVENT_ID4 set after {{.*}}:28:9 wait before {{.*}}:43:9
# CHECK-NEXT: unit 5: pair PIPE_MTE2 -> PIPE_V EVENT_ID5 set after {{.*}}:30:9 wait before {{.*}}:45:9
# CHECK-NEXT: unit 6: pair PIPE_MTE2 -> PIPE_V EVENT_ID6 set after {{.*}}:31:9 wait before {{.*}}:47:9
# CHECK-NEXT: unit 7: pair PIPE_MTE2 -> PIPE_V EVENT_ID7 set after {{.*}}:32:9 wait before {{.*}}:48:9
# CHECK-NEXT: unit 8: pair PIPE_V -> PIPE_MTE3 EVENT_ID0 set after {{.*}}:36:9 wait before {{.*}}:49:9
# CHECK-NEXT: unit 9: pair PIPE_V -> PIPE_MTE3 EVENT_ID1 set after {{.*}}:38:9 wait before {{.*}}:53:9
# CHECK-NEXT: unit 10: pair PIPE_V -> PIPE_MTE3 EVENT_ID2 set after {{.*}}:40:9 wait before {{.*}}:55:9
# CHECK-NEXT: unit 11: pair PIPE_V -> PIPE_MTE3 EVENT_ID3 set after {{.*}}:42:9 wait before {{.*}}:57:9
# CHECK-NEXT: unit 12: pair PIPE_V -> PIPE_MTE3 EVENT_ID4 set after {{.*}}:44:9 wait before {{.*}}:59:9
# CHECK-NEXT: unit 13: pair PIPE_V -> PIPE_MTE3 EVENT_ID5 set after {{.*}}:46:9 wait before {{.*}}:61:9
# CHECK-NEXT: unit 14: pair PIPE_V -> PIPE_MTE3 EVENT_ID6 set after {{.*}}:47:9 wait before {{.*}}:63:9
# CHECK-NEXT: unit 15: pair PIPE_V -> PIPE_MTE3 EVENT_ID7 set after {{.*}}:48:9 wait before {{.*}}:64:9
# CHECK-NEXT: unit 16: pipe_barrier(PIPE_ALL) before {{.*}} (tail)
# CHECK-NEXT: check: 1 of 1 executions, clean
