# pipe-sync.md §7 case 03 (§3.8, the worked example): load -> relu ->
# store in a loop over rows. The next iteration's load overwrites x while
# this iteration's relu may still read it (V -> MTE2), and the next relu
# overwrites y while this iteration's store may still read it (MTE3 -> V):
# two carried pairs, each primed before the loop (so the first iteration's
# wait has a token) and drained after it (so none is left set). No
# same-pipe barriers: the chains order the MTE2 and V self-WAWs, and the
# stores' rows are disjoint across iterations. No PIPE_ALL but the tail.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=syncplan | FileCheck %s --check-prefix=PLAN
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class LoopSingle:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[4, 64], pl.FP32], out: pl.Out[pl.Tensor[[4, 64], pl.FP32]]):
        for i in pl.range(4):
            x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [i, 0], [1, 64])
            y: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x)
            pl.tile.store(y, [i, 0], out)

# CPP-NOT: PIPE_ALL
# CPP: set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
# CPP-NEXT: set_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
# CPP-NEXT: for (int64_t i = 0; i < 4; i += 1) {
# CPP-NOT: _flag
# CPP: wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
# CPP-NEXT: TLOAD(x, a_gm);
# CPP-NOT: _flag
# CPP: set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
# CPP-NEXT: TRELU(y, x);
# CPP-NOT: _flag
# CPP: set_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
# CPP-NEXT: set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: TSTORE(out_gm, y);
# CPP-NEXT: set_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
# CPP-NEXT: }
# CPP-NEXT: wait_flag(PIPE_V, PIPE_MTE2, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_MTE3, PIPE_V, EVENT_ID0);
# CPP-NEXT: pipe_barrier(PIPE_ALL);
# CPP-NEXT: #endif

# PTO: pto.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>] loc("{{.*}}":[[LOOP:[0-9]+]]:9)
# PTO-NEXT: pto.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>] loc("{{.*}}":[[LOOP]]:9)
# PTO-NEXT: scf.for
# PTO-NOT: _flag
# PTO: pto.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
# PTO-NEXT: pto.tload
# PTO-NOT: _flag
# PTO: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.trelu
# PTO-NOT: _flag
# PTO: pto.set_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>]
# PTO-NEXT: pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.tstore
# PTO-NEXT: pto.set_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: } loc("{{.*}}":[[LOOP]]:9)
# PTO-NEXT: pto.wait_flag[<PIPE_V>, <PIPE_MTE2>, <EVENT_ID0>] loc("{{.*}}":[[LOOP]]:9)
# PTO-NEXT: pto.wait_flag[<PIPE_MTE3>, <PIPE_V>, <EVENT_ID0>] loc("{{.*}}":[[LOOP]]:9)
# PTO-NEXT: pto.barrier <PIPE_ALL>
# PTO-NEXT: return

# PLAN: func k: 5 units
# PLAN-NEXT: unit 0: pair PIPE_MTE2 -> PIPE_V EVENT_ID0 set after {{.*}}:{{[0-9]+}}:{{[0-9]+}} wait before {{.*}}:{{[0-9]+}}:{{[0-9]+}}{{$}}
# PLAN-NEXT: unit 1: pair PIPE_V -> PIPE_MTE3 EVENT_ID0 set after {{.*}}:{{[0-9]+}}:{{[0-9]+}} wait before {{.*}}:{{[0-9]+}}:{{[0-9]+}}{{$}}
# PLAN-NEXT: unit 2: pair PIPE_V -> PIPE_MTE2 EVENT_ID0 set after {{.*}}:{{[0-9]+}}:{{[0-9]+}} wait before {{.*}}:{{[0-9]+}}:{{[0-9]+}} (carried by the loop at {{.*}}:{{[0-9]+}}:9: primed before it, drained after it)
# PLAN-NEXT: unit 3: pair PIPE_MTE3 -> PIPE_V EVENT_ID0 set after {{.*}}:{{[0-9]+}}:{{[0-9]+}} wait before {{.*}}:{{[0-9]+}}:{{[0-9]+}} (carried by the loop at {{.*}}:{{[0-9]+}}:9: primed before it, drained after it)
# PLAN-NEXT: unit 4: pipe_barrier(PIPE_ALL) before {{.*}} (tail)
# PLAN-NEXT: check: 4 of 4 executions, clean
