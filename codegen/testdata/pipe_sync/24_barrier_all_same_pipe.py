# --pipe-sync=barrier-all orders a same-pipe dependence on a pipelined pipe
# (pipe-sync.md §2.3, §8 Q2, Q14): exp -> add on V gets pipe_barrier(PIPE_V)
# on a2a3; on a5, where V runs in order, nothing. Left out, the plan's check
# finds the race.
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=cce | FileCheck %s --check-prefix=A2A3
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=cce --backend=a5 | FileCheck %s --check-prefix=A5
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=syncplan | FileCheck %s --check-prefix=PLAN
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=syncplan --pipe-sync-drop=1 | FileCheck %s --check-prefix=DROP
import pypto.language as pl


@pl.program
class SamePipeBarrierAll:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
        x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        e: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.exp(x)
        s: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.add(e, x)
        pl.tile.store(s, [0, 0], out)

# A2A3: pipe_barrier(PIPE_ALL);
# A2A3-NEXT: TEXP(e, x);
# A2A3: pipe_barrier(PIPE_V);
# A2A3-NEXT: TADD(s, e, x);
# A5: TEXP(e, x);
# A5-NOT: pipe_barrier
# A5: TADD(s, e, x);
# PTO-NOT: pto.barrier
# PTO: pto.tadd
# PLAN: unit 1: pipe_barrier(PIPE_V) before {{.*}}.py:19:9 (same-pipe)
# PLAN: check: 1 of 1 executions, clean
# DROP: finding: pipe race: TVEC on PIPE_V ({{.*}}.py:19:9) {{.*}} while TVEC on PIPE_V ({{.*}}.py:18:9) may still {{.*}}; missing: pipe_barrier(PIPE_V)
