# A load right before nested ifs, read only in the inner then-branch
# (sync_plan_branches.cc, SinkPair): nothing else runs on MTE2 after the
# load, so a set at the start of the reader's branch covers what a set
# right after the load would, and the pair runs only on the path that
# reads: the paths that skip the reader carry no sync at all.
# //runtime:pipe_sync_sim_removal_test runs it in ptoc-sim (c = 0, 1, 2)
# with and without each unit.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=syncplan | FileCheck %s --check-prefix=PLAN
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class SinkPair:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]], c: pl.Scalar[pl.INDEX]):
        x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        if c > 0:
            if c > 1:
                y: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x)
                pl.tile.store(y, [0, 0], out)

# CPP: TLOAD(x, a_gm);
# CPP-NOT: flag
# CPP: if ((c > 0)) {
# CPP-NOT: flag
# CPP: if ((c > 1)) {
# CPP-NOT: TRELU
# CPP: set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: TRELU(y, x);
# CPP-NOT: else
# CPP: pipe_barrier(PIPE_ALL);

# PTO: scf.if
# PTO-NOT: flag
# PTO: scf.if
# PTO-NOT: pto.trelu
# PTO: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>] loc("{{.*}}":19:{{[0-9]+}})
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.trelu
# PTO-NOT: else

# PLAN: unit 0: pair PIPE_MTE2 -> PIPE_V EVENT_ID0 set after {{.*}}:19:9 wait before {{.*}}:22:17
