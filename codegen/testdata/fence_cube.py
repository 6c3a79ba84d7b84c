# system.fence in a cube (AIC) kernel: in C++ the DMA pipes and the fixpipe
# are drained one by one, then the DDR data-sync barrier.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class FenceCube:
    @pl.function(type=pl.FunctionType.AIC)
    def k(self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        m: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        l: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(m, target_memory=pl.MemorySpace.Left)
        r: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(m, target_memory=pl.MemorySpace.Right)
        c: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(l, r)
        pl.tile.store(c, [0, 0], out)
        pl.system.fence()

# PTO: func.func @k({{.*}}pto.kernel_kind = #pto.kernel_kind<cube>, pto.entry}
# PTO: pto.fence.barrier_all #pto.fence_scope<gm>

# CCE: #if defined(__DAV_CUBE__)
# CCE: TSTORE(out_gm, c);
# CCE-NEXT: // {{.*}}fence_cube.py:18
# CCE-NEXT: pipe_barrier(PIPE_MTE2);
# CCE-NEXT: pipe_barrier(PIPE_MTE3);
# CCE-NEXT: pipe_barrier(PIPE_FIX);
# CCE-NEXT: dsb(DSB_DDR);
