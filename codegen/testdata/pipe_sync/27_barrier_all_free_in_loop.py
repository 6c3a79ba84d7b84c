# --pipe-sync=barrier-all on a5: the cube's free of a popped V2C tile runs
# on MTE1, like the next iteration's pop into the same ring, and MTE1 is
# pipelined (§2.3). The free stays pending on MTE1, so the loop body ends
# with pipe_barrier(PIPE_ALL). Charged to S, the free used to leave nothing
# pending: the next pop could overtake it (a pipe race the check reported
# on generated kernels).
# RUN: ptoc %s --backend=a5 --pipe-sync=barrier-all --emit=cce | FileCheck %s
import pypto.language as pl


@pl.program
class FreeInLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]], n: pl.Scalar[pl.INDEX]):
        v: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [16, 16])
        for i in pl.range(n):
            m: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.move(v, target_memory=pl.MemorySpace.Mat)
        pl.tile.store(v, [0, 0], out)

# CHECK: void k_aic(
# CHECK: for (int64_t i = 0; i < n; i += 1) {
# CHECK: TPOP<
# CHECK-NEXT: // {{.*}}
# CHECK-NEXT: pipe_barrier(PIPE_ALL);
# CHECK-NEXT: TFREE<
# CHECK-NEXT: pipe_barrier(PIPE_ALL);
# CHECK-NEXT: }
