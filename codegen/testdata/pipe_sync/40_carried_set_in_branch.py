# A loop whose next iteration's load of s32 must wait for this
# iteration's store to s32, made in the else-branch of an if, before
# another store (sync_plan_carried.cc, CarriedPair): the carried pair's
# set goes right after the store to s32 and a second set of the same id
# ends the then-branch (each iteration sets it once), so that the next
# load does not wait for the store to s16 after it.
# //runtime:pipe_sync_sim_removal_test runs it in ptoc-sim with and without
# each unit.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class CarriedInBranch:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, s16: pl.InOut[pl.Tensor[[16, 16], pl.FP16]], s32: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]):
        v: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(s16, [0, 0], [16, 16])
        for i in pl.range(0, 3, 1):
            x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(s32, [0, 0], [16, 16])
            if i > 1:
                pl.tile.store(v, [0, 0], s16)
            else:
                pl.tile.store(x, [0, 0], s32)
                pl.tile.store(v, [0, 0], s16)

# CPP: for (int64_t i = 0; i < 3; i += 1) {
# CPP: wait_flag(PIPE_MTE3, PIPE_MTE2, [[ID:EVENT_ID[0-9]]]);
# CPP-NEXT: TLOAD(x, s32_gm);
# CPP: if ((i > 1)) {
# CPP-NOT: flag
# CPP: TSTORE(s16_gm_1, v);
# CPP-NEXT: set_flag(PIPE_MTE3, PIPE_MTE2, [[ID]]);
# CPP-NEXT: } else {
# CPP-NOT: flag
# CPP: TSTORE(s32_gm_1, x);
# CPP-NOT: TSTORE
# CPP: set_flag(PIPE_MTE3, PIPE_MTE2, [[ID]]);
# CPP-NOT: flag
# CPP: TSTORE(s16_gm_2, v);
# CPP-NEXT: }
# CPP-NEXT: }

# PTO: scf.for
# PTO: pto.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, <[[ID:EVENT_ID[0-9]]]>]
# PTO-NEXT: pto.tload
# PTO: scf.if
# PTO: pto.tstore
# PTO-NEXT: pto.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <[[ID]]>]
# PTO-NEXT: } else {
# PTO: pto.tstore
# PTO-NOT: pto.tstore
# PTO: pto.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <[[ID]]>]
# PTO: pto.tstore
# PTO-NEXT: } loc(
