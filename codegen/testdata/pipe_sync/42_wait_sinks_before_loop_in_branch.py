# Two loads; the then-branch of an if stores the second in a loop, the
# else-branch stores the first. The second load's wait goes down into the
# then-branch, right before the loop that holds its consumer (a loop's
# body runs many times, the wait must run once: SinkWait stops at the
# loop), and a wait of the same id ends the else-branch; the first load's
# wait goes right before its store in the else-branch. So the else-branch
# does not wait for the second load before its store.
# //runtime:pipe_sync_sim_removal_test runs it in ptoc-sim for c = 0 and 1
# with and without each unit.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class SinkBeforeLoop:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Tensor[[16, 16], pl.FP32],
          a: pl.Out[pl.Tensor[[16, 16], pl.FP32]], b: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
          c: pl.Scalar[pl.INDEX]):
        w: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(y, [0, 0], [16, 16])
        v: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [16, 16])
        if c > 0:
            for i in pl.range(0, 3, 1):
                pl.tile.store(v, [0, 0], a)
        else:
            pl.tile.store(w, [0, 0], b)

# CPP: TLOAD(w, y_gm);
# CPP: set_flag(PIPE_MTE2, PIPE_MTE3, [[W:EVENT_ID[0-9]]]);
# CPP-NEXT: TLOAD(v, x_gm);
# CPP: set_flag(PIPE_MTE2, PIPE_MTE3, [[V:EVENT_ID[0-9]]]);
# CPP-NEXT: if ((c > 0)) {
# CPP-NOT: TSTORE
# CPP: wait_flag(PIPE_MTE2, PIPE_MTE3, [[V]]);
# CPP-NEXT: for (int64_t i = 0; i < 3; i += 1) {
# CPP: TSTORE(a_gm, v);
# CPP: } else {
# CPP-NOT: wait_flag(PIPE_MTE2, PIPE_MTE3, [[V]]);
# CPP: wait_flag(PIPE_MTE2, PIPE_MTE3, [[W]]);
# CPP-NEXT: TSTORE(b_gm, w);
# CPP-NEXT: wait_flag(PIPE_MTE2, PIPE_MTE3, [[V]]);
# CPP-NEXT: }

# PTO: scf.if
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE3>, <[[V:EVENT_ID[0-9]]]>]
# PTO-NEXT: scf.for
# PTO: } else {
# PTO-NOT: <[[V]]>
# PTO: pto.tstore
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE3>, <[[V]]>]
