# A carried pair whose producer and consumer are in the same item of the
# loop body (here the `if`): the store of one iteration must finish before
# the next iteration's load overwrites its tile, so the MTE3 -> MTE2 pair
# sets after the `if` and waits before it (§3.3). Its own reuse (§3.4):
# the set of the next iteration must follow this iteration's wait, and
# nothing else orders MTE3 after MTE2 when the branch is not taken. The
# reverse pair MTE2 -> MTE3 does, inside the iteration: its set right after
# the wait (slot 4), its wait right before the set (slot 0). The planner
# used to make that reverse pair carried too, which has the same problem
# one level down; the check repaired it with a pipe_barrier(PIPE_ALL) in
# every iteration.
# RUN: ptoc %s --backend=a2a3 --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --backend=a2a3 --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl


@pl.program
class CarriedAroundOneItem:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]], n: pl.Scalar[pl.INDEX]):
        for i in pl.range(n):
            if i > 1:
                v: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [1, 64])
                pl.tile.store(v, [0, 0], out)

# CCE: set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID[[C:[0-9]]]);
# CCE-NEXT: for (int64_t i = 0; i < n; i += 1) {
# CCE: wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID[[C]]);
# CCE-NEXT: set_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID[[R:[0-9]]]);
# CCE-NEXT: if ((i > 1)) {
# CCE-NOT: PIPE_ALL
# CCE: }
# CCE-NEXT: wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID[[R]]);
# CCE-NEXT: set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID[[C]]);
# CCE-NEXT: }
# CCE-NEXT: wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID[[C]]);
# CCE-NEXT: pipe_barrier(PIPE_ALL);

# PTO: pto.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID[[C:[0-9]]]>]
# PTO-NEXT: scf.for
# PTO: pto.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID[[C]]>]
# PTO-NEXT: pto.set_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID[[R:[0-9]]]>]
# PTO-NEXT: scf.if
# PTO-NOT: PIPE_ALL
# PTO: pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID[[R]]>]
# PTO-NEXT: pto.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID[[C]]>]
# PTO-NOT: PIPE_ALL
# PTO: pto.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID[[C]]>]
# PTO-NEXT: pto.barrier <PIPE_ALL>
