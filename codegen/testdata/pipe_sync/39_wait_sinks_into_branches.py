# A load before nested ifs, read only in the inner then-branch
# (sync_plan_branches.cc): the wait goes right before the reader, and each
# if on the way that has no else gets one holding the other wait of the
# same id, so that the flag is consumed once on every path and the paths
# (c = 0, 1, 2) clean; the removal check shows the pair needed.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class SinkWait:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]], c: pl.Scalar[pl.INDEX]):
        x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        z: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        if c > 0:
            if c > 1:
                y: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x)
                pl.tile.store(y, [0, 0], out)
        pl.tile.store(z, [0, 0], out)

# CPP: TLOAD(x, a_gm);
# CPP-NOT: TLOAD
# CPP: set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP: TLOAD(z, a_gm_1);
# CPP-NOT: PIPE_V
# CPP: if ((c > 0)) {
# CPP-NOT: flag
# CPP: if ((c > 1)) {
# CPP-NOT: flag
# CPP: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: TRELU(y, x);
# CPP: } else {
# CPP-NEXT: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: }
# CPP-NEXT: } else {
# CPP-NEXT: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: }

# PTO: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.tload
# PTO-NOT: PIPE_V
# PTO: scf.if
# PTO-NOT: flag
# PTO: scf.if
# PTO-NOT: flag
# PTO: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.trelu
# PTO: } else {
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO: } else {
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
