# system.fence in a vector (AIV) kernel: the PTO-AS fence, and in C++ a
# full pipe barrier plus the DDR data-sync barrier; never PIPE_FIX, which a
# vector core does not have (waiting on it can hang the core).
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class FenceVector:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 16], pl.FP32]):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 16])
        pl.tile.store(t, [0, 0], a)
        pl.system.fence()

# PTO: func.func @k({{.*}}pto.kernel_kind = #pto.kernel_kind<vector>, pto.entry}
# PTO: pto.tstore
# PTO-NEXT: pto.fence.barrier_all #pto.fence_scope<gm> loc("{{.*}}fence_vector.py":16:9)

# CCE: #if defined(__DAV_VEC__)
# CCE: TSTORE(a_gm_1, t);
# CCE-NEXT: // {{.*}}fence_vector.py:16
# CCE-NEXT: pipe_barrier(PIPE_ALL);
# CCE-NEXT: dsb(DSB_DDR);
# CCE-NOT: PIPE_FIX
