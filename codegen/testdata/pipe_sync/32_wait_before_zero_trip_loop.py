# The tail (§3.5) when the last loop may run zero times: the waits of the
# loop's first load and store (S -> MTE2 and S -> MTE3, after the scalar
# read above) are hoisted above the loop, so they run on MTE2 and MTE3 even
# when the loop does not, and those pipes may still be waiting at the
# return. The body ends drained (its `dsb` after the fence's PIPE_ALL), so
# no op of the loop leaves a pipe busy, and the planner used to place no
# tail barrier: the check found "pipe busy at return: PIPE_MTE2", which no
# repair covered, and the plan fell back to drained loops with the finding
# left in it. A set, wait or same-pipe barrier on a pipe other than S now
# counts as work on that pipe, also in the states before the compounds
# still open. Found by a review helper (wide-kernel generator, cut down).
# RUN: ptoc %s --backend=a5 --pipe-sync=flags --emit=syncplan | FileCheck %s --check-prefix=PLAN
# RUN: ptoc %s --backend=a5 --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Tail:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[1, 64], pl.FP32],
        win: pl.InOut[pld.DistributedTensor[[64, 64], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[64, 64], pl.INT32]],
        n: pl.Scalar[pl.INDEX],
    ):
        ctx = pld.get_comm_ctx(win)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        ranks: pl.Scalar[pl.INDEX] = pld.nranks(ctx)
        for q11 in pl.range(ranks):
            if q11 != me:
                pld.system.wait(sig, [52, q11], 1, cmp=pld.WaitCmp.Ge)
        y12: pl.Scalar[pl.FP32] = pl.tensor.read(win, [52, 0])
        for i36 in pl.range(ranks):
            t48: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [1, 64])
            u49: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.exp(t48)
            pl.tile.store(u49, [47, 0], win)

# PLAN: func k:
# PLAN: unit {{[0-9]+}}: pipe_barrier(PIPE_ALL) before {{.*}}32_wait_before_zero_trip_loop.py:{{[0-9]+}}:5 (tail)
# PLAN-NEXT: check: [[N:[0-9]+]] of [[N]] executions, clean
# PLAN-NEXT: planner: 0 repairs, {{[0-9]+}} units removed by the sweep

# CCE: wait_flag(PIPE_S, PIPE_MTE2, EVENT_ID{{[0-9]}});
# CCE: wait_flag(PIPE_S, PIPE_MTE3, EVENT_ID{{[0-9]}});
# CCE-NEXT: for (int64_t i36 = 0; i36 < ranks; i36 += 1) {
# CCE: dsb(DSB_DDR);
# CCE-NEXT: }
# CCE-NEXT: pipe_barrier(PIPE_ALL);
# CCE-NEXT: #endif
