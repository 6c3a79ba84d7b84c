# --emit=syncplan numbers the units of the plan (over the whole program);
# --pipe-sync-drop=N leaves unit N out of both targets.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=syncplan | FileCheck %s --check-prefix=PLAN
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce --pipe-sync-drop=1 | FileCheck %s --check-prefix=DROP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto --pipe-sync-drop=1 | FileCheck %s --check-prefix=DROPPTO
import pypto.language as pl


@pl.program
class Plan:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
        x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        y: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x)
        pl.tile.store(y, [0, 0], out)

# PLAN: func k: 3 units
# PLAN-NEXT: unit 0: pair PIPE_MTE2 -> PIPE_V EVENT_ID0 set after {{.*}}syncplan_and_drop.py:13:{{[0-9]+}} wait before {{.*}}syncplan_and_drop.py:14:{{[0-9]+}}
# PLAN-NEXT: unit 1: pair PIPE_V -> PIPE_MTE3 EVENT_ID0 set after {{.*}}:14:{{[0-9]+}} wait before {{.*}}:15:{{[0-9]+}}
# PLAN-NEXT: unit 2: pipe_barrier(PIPE_ALL) before {{.*}}:12:{{[0-9]+}} (tail)
# DROP: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# DROP-NOT: PIPE_MTE3
# DROP: TSTORE(out_gm, y);
# DROPPTO: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# DROPPTO-NOT: PIPE_MTE3
# DROPPTO: pto.tstore
