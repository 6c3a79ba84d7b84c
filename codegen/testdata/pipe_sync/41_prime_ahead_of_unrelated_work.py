# A loop whose next iteration's add must wait for this iteration's store
# of its result (a pair MTE3 -> V carried by the loop), after a store to
# another tensor that the loop has no dependence on. The carried pair's
# prime is set ahead of that store (sync_plan.cc, PrimeGap): set after it,
# on the same in-order MTE3 queue, it would hold the first add back until
# the unrelated store is done. The load before is still paired with the
# store and with the loop's add (the forward plan's pairs).
# //runtime:pipe_sync_sim_removal_test runs it in ptoc-sim with and without
# each unit.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class PrimeAhead:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], a: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
          b: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        v: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [16, 16])
        pl.tile.store(v, [0, 0], a)
        for i in pl.range(0, 3, 1):
            t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.add(v, v)
            pl.tile.store(t, [0, 0], b)

# CPP: TLOAD(v, x_gm);
# CPP: set_flag(PIPE_MTE3, PIPE_V, [[ID:EVENT_ID[0-9]]]);
# CPP-NEXT: wait_flag(PIPE_MTE2, PIPE_MTE3,
# CPP-NEXT: TSTORE(a_gm, v);
# CPP: for (int64_t i = 0; i < 3; i += 1) {
# CPP: wait_flag(PIPE_MTE3, PIPE_V, [[ID]]);
# CPP-NEXT: TADD(t, v, v);
# CPP: TSTORE(b_gm, t);
# CPP-NEXT: set_flag(PIPE_MTE3, PIPE_V, [[ID]]);
# CPP-NEXT: }
# CPP-NEXT: wait_flag(PIPE_MTE3, PIPE_V, [[ID]]);

# PTO: pto.tload
# PTO: pto.set_flag[<PIPE_MTE3>, <PIPE_V>, <[[ID:EVENT_ID[0-9]]]>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE3>
# PTO-NEXT: pto.tstore
# PTO: scf.for
# PTO: pto.wait_flag[<PIPE_MTE3>, <PIPE_V>, <[[ID]]>]
# PTO-NEXT: pto.tadd
