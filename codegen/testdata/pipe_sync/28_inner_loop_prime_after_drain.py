# An inner loop's carried pair inside an outer loop (§3.3, §3.4 reuse
# rule): every outer iteration runs the inner loop's prime (a V -> MTE3 set
# before it) and its drain (the wait after it) again, so the next
# iteration's prime must be ordered after this iteration's drain. The
# reverse pair MTE3 -> V does that: its set after the drain, its wait
# before the prime (in the same gap, ahead of the primes), carried by the
# outer loop. The planner used to leave this to its check, which repaired
# it with a pipe_barrier(PIPE_ALL) in every outer iteration.
# RUN: ptoc %s --backend=a5 --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --backend=a5 --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --backend=a5 --pipe-sync=flags --emit=syncplan | FileCheck %s --check-prefix=PLAN
import pypto.language as pl


@pl.program
class InnerLoopPrime:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]], n: pl.Scalar[pl.INDEX]):
        v: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [1, 64])
        for i in pl.range(n):
            for j in pl.range(n):
                pl.tile.store(v, [0, 0], out)
                v = pl.tile.exp(v)

# CCE: set_flag(PIPE_MTE3, PIPE_V, EVENT_ID[[R:[0-9]]]);
# CCE: for (int64_t i = 0; i < n; i += 1) {
# CCE-NOT: PIPE_ALL
# CCE: wait_flag(PIPE_MTE3, PIPE_V, EVENT_ID[[R]]);
# CCE-NEXT: set_flag(PIPE_V, PIPE_MTE3, EVENT_ID[[C:[0-9]]]);
# CCE-NEXT: for (int64_t j = 0; j < n; j += 1) {
# CCE-NOT: PIPE_ALL
# CCE: set_flag(PIPE_V, PIPE_MTE3, EVENT_ID[[C]]);
# CCE-NEXT: }
# CCE-NOT: PIPE_ALL
# CCE: wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID[[C]]);
# CCE-NEXT: set_flag(PIPE_MTE3, PIPE_V, EVENT_ID[[R]]);
# CCE-NEXT: }
# CCE-NEXT: wait_flag(PIPE_MTE3, PIPE_V, EVENT_ID[[R]]);
# CCE-NEXT: pipe_barrier(PIPE_ALL);
# CCE-NEXT: #endif

# PTO: scf.for %i
# PTO-NEXT: pto.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID[[R:[0-9]]]>]
# PTO-NEXT: pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID[[C:[0-9]]]>]
# PTO-NEXT: scf.for %j
# PTO-NOT: PIPE_ALL
# PTO: scf.yield
# PTO-NEXT: }
# PTO-NEXT: pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID[[C]]>]
# PTO-NEXT: pto.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID[[R]]>]
# PTO-NEXT: scf.yield
# PTO-NEXT: }
# PTO-NEXT: pto.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID[[R]]>]
# PTO-NEXT: pto.barrier <PIPE_ALL>

# PLAN: func k: 5 units
# PLAN: pair PIPE_V -> PIPE_MTE3 {{.*}} (carried by the loop at {{.*}}:21:13:
# PLAN-NEXT: pair PIPE_MTE3 -> PIPE_V {{.*}} (carried by the loop at {{.*}}:20:9:
# PLAN-NEXT: pipe_barrier(PIPE_ALL) {{.*}} (tail)
# PLAN-NEXT: check: 85 of 85 executions, clean
