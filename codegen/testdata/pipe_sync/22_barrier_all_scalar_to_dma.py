# --pipe-sync=barrier-all treats the scalar pipe as a pipe like the others
# (pipe-sync.md §8 Q3, Q14): a scalar write of GM stays pending until a
# barrier, so the DMA load that reads it after gets pipe_barrier(PIPE_ALL)
# (the unit the plan's check finds missing when it is left out). PTO-AS in
# barrier-all mode stays without intra-core sync (ptoas inserts it).
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=syncplan | FileCheck %s --check-prefix=PLAN
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=syncplan --pipe-sync-drop=0 | FileCheck %s --check-prefix=DROP
import pypto.language as pl


@pl.program
class ScalarThenDma:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.InOut[pl.Tensor[[1, 64], pl.FP32]], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
        pl.tensor.write(a, [0, 3], 1.0)
        x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        pl.tile.store(x, [0, 0], out)

# CPP: a[3] = 1.0f;
# CPP-NOT: TLOAD
# CPP: pipe_barrier(PIPE_ALL);
# CPP-NEXT: TLOAD(x, a_gm);
# PTO-NOT: pto.barrier
# PTO-NOT: flag
# PTO: pto.tload
# PLAN: unit 0: pipe_barrier(PIPE_ALL) before {{.*}}22_barrier_all_scalar_to_dma.py:18:9 (barrier-all)
# PLAN: check: 1 of 1 executions, clean
# DROP: finding: {{.*}}pipe race{{.*}}TLOAD on PIPE_MTE2{{.*}}PIPE_S
