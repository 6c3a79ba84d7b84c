# A reverse pair of the reuse rule that finds no free event id (§3.4):
# here the one that orders the prime of the innermost loop (an S -> MTE2
# set before it) after the previous outer iteration's drain. With no id
# left on MTE2 -> S, the guard is demoted like any pair: a
# pipe_barrier(PIPE_ALL) ahead of the primes (slot 1) of every outer
# iteration. The planner used to drop such a guard and leave the flag reuse
# race to its check, which repaired it in the same place (on
# gen_large_kernel.py's 20k-statement kernel, 139 repairs); `planner:`
# says how many repairs a plan needed. Once the ids are allocated again
# (§3.4, after the sweep), the prime's id differs from the drain's, the
# barrier is not needed any more, and the sweep that follows the new ids
# removes it: no PIPE_ALL is left in the outer loop. Cut down from that
# generator (seed 1, 100 statements).
# RUN: ptoc %s --backend=a5 --pipe-sync=flags --emit=syncplan | FileCheck %s --check-prefix=PLAN
# RUN: ptoc %s --backend=a5 --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class LargeKernel:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel0(
        self,
        a: pl.Tensor[[16, 16], pl.FP16],
        b: pl.Tensor[[16, 16], pl.FP16],
        x: pl.Tensor[[1, 64], pl.FP32],
        win: pl.InOut[pld.DistributedTensor[[64, 64], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[64, 64], pl.INT32]],
        flags: pl.InOut[pld.DistributedTensor[[1, 64], pl.INT32]],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
        cube_out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
        n: pl.Scalar[pl.INDEX],
    ):
        ctx = pld.get_comm_ctx(win)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        ranks: pl.Scalar[pl.INDEX] = pld.nranks(ctx)
        for i4 in pl.range(ranks):
            ok5: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 26], 1)
            am7: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
            al8: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(am7, target_memory=pl.MemorySpace.Left)
            bm9: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
            br10: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(bm9, target_memory=pl.MemorySpace.Right)
            acc11: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(al8, br10)
            v12: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.move(acc11, target_memory=pl.MemorySpace.Vec)
            r13: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(v12)
            pl.tile.store(r13, [0, 0], out)
            ok15: pl.Scalar[pl.BOOL] = pld.system.test(sig, [0, 55], 1)
        for i17 in pl.range(2):
            for i18 in pl.range(ranks):
                for q20 in pl.range(ranks):
                    if q20 != me:
                        pld.system.wait(sig, [13, q20], 1, cmp=pld.WaitCmp.Ge)
                t22: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [1, 64])
                peer23: pl.Scalar[pl.INDEX] = (me + 1) % ranks
                pld.tile.remote_store(t22, win, peer23, [me, 0])
                t24: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [1, 64])
                u25: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.exp(t24)
                pl.tile.store(u25, [3, 0], win)
        for i26 in pl.range(2):
            for i27 in pl.range(ranks):
                for i28 in pl.range(4):
                    t29: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [1, 64])
                    u30: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(t29)
                    pl.tile.store(u30, [56, 0], win)

# PLAN: func kernel0_aiv:
# PLAN-NOT: PIPE_ALL) before {{.*}}:62:17
# PLAN: check: [[N:[0-9]+]] of [[N]] executions, clean
# PLAN-NEXT: planner: 0 repairs, {{[1-9][0-9]*}} units removed by the sweep

# CCE: for (int64_t i27 = 0; i27 < ranks; i27 += 1) {
# CCE-NOT: PIPE_ALL
# CCE: set_flag(PIPE_S, PIPE_MTE2, EVENT_ID{{[0-9]}});
# CCE-NOT: PIPE_ALL
# CCE: for (int64_t i28 = 0; i28 < 4; i28 += 1) {
