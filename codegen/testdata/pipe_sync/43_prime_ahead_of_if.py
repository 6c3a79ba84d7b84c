# As 41_prime_ahead_of_unrelated_work.py, with the unrelated store in a
# branch of an if before the loop: the prime of the loop's carried pair
# MTE3 -> V is set ahead of the if (PrimeGap passes ifs: no id is freed
# inside a compound), so that the first add does not wait for the store
# when the branch runs.
# //runtime:pipe_sync_sim_removal_test runs it in ptoc-sim for c = 0 and 1
# with and without each unit.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class PrimeAheadOfIf:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], a: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
          b: pl.Out[pl.Tensor[[16, 16], pl.FP32]], c: pl.Scalar[pl.INDEX]):
        v: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [16, 16])
        if c > 0:
            pl.tile.store(v, [0, 0], a)
        for i in pl.range(0, 3, 1):
            t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.add(v, v)
            pl.tile.store(t, [0, 0], b)

# CPP: TLOAD(v, x_gm);
# CPP: set_flag(PIPE_MTE3, PIPE_V, [[ID:EVENT_ID[0-9]]]);
# CPP-NOT: TSTORE
# CPP: if ((c > 0)) {
# CPP: TSTORE(a_gm, v);
# CPP: for (int64_t i = 0; i < 3; i += 1) {
# CPP: wait_flag(PIPE_MTE3, PIPE_V, [[ID]]);
# CPP-NEXT: TADD(t, v, v);

# PTO: pto.tload
# PTO: pto.set_flag[<PIPE_MTE3>, <PIPE_V>, <[[ID:EVENT_ID[0-9]]]>]
# PTO-NOT: pto.tstore
# PTO: scf.if
# PTO: pto.tstore
# PTO: scf.for
# PTO: pto.wait_flag[<PIPE_MTE3>, <PIPE_V>, <[[ID]]>]
# PTO-NEXT: pto.tadd
