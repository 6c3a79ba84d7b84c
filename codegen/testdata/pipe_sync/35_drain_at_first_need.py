# A loop's drain waits where the first op after the loop needs it, not
# right after the loop (ptoas's tail compensation does the same). The
# loop adds 1 to the same row of `acc` in every iteration: the next
# iteration's load reads what this one's store writes (a carried pair
# MTE3 -> MTE2, primed before the loop and drained after it). After the
# loop, the load of `a` and its store into `out` touch nothing the loop
# wrote: they start without waiting for the loop's last store. The load
# of `acc` does read it: the drain waits right before that load. An op
# that needs no drain at all would find it before the tail barrier.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=syncplan | FileCheck %s --check-prefix=PLAN
import pypto.language as pl


@pl.program
class DrainLate:
    @pl.function(type=pl.FunctionType.AIV)
    def k(
        self,
        a: pl.Tensor[[1, 64], pl.FP32],
        acc: pl.InOut[pl.Tensor[[1, 64], pl.FP32]],
        out: pl.Out[pl.Tensor[[2, 64], pl.FP32]],
    ):
        for i in pl.range(4):
            t: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(acc, [0, 0], [1, 64])
            u: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.adds(t, 1.0)
            pl.tile.store(u, [0, 0], acc)
        v: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        w: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(v)
        pl.tile.store(w, [0, 0], out)
        r: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(acc, [0, 0], [1, 64])
        pl.tile.store(r, [1, 0], out)

# CPP: set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
# CPP-NEXT: for (int64_t i = 0; i < 4; i += 1) {
# CPP: wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
# CPP-NEXT: TLOAD(t, acc_gm);
# CPP: TSTORE(acc_gm_1, u);
# CPP-NEXT: set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
# CPP-NEXT: }
# CPP-NOT: wait_flag(PIPE_MTE3, PIPE_MTE2
# CPP: TLOAD(v, a_gm);
# CPP-NOT: wait_flag(PIPE_MTE3, PIPE_MTE2
# CPP: TSTORE(out_gm, w);
# CPP: wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
# CPP-NEXT: TLOAD(r, acc_gm_2);

# PTO: scf.for
# PTO: pto.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
# PTO-NEXT: pto.tload
# PTO: pto.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
# PTO-NEXT: }
# PTO-NOT: pto.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>
# PTO: pto.tstore
# PTO: pto.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>] loc("{{.*}}35_drain_at_first_need.py":25:9)
# PTO-NEXT: pto.tload

# PLAN: pair PIPE_MTE3 -> PIPE_MTE2 EVENT_ID0 {{.*}} (carried by the loop at {{.*}}:25:9: primed before it, drained after it)
# PLAN: check: [[N:[0-9]+]] of [[N]] executions, clean
