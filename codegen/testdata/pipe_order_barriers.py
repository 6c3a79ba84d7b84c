# C++ target: pipes of one core run concurrently, so an op waits (a full
# pipe_barrier) only for a dependent op of another pipe: two loads (MTE2)
# need none between them, the add (V) reading them does, the store (MTE3)
# of the sum does, a scalar read of GM after the store does, and a load
# independent of pending work does not.
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=cce | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class PipeOrder:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 16], pl.FP32], b: pl.Tensor[[1, 16], pl.FP32], out: pl.Out[pl.Tensor[[1, 16], pl.FP32]]):
        x: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 16])
        y: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [1, 16])
        s: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.add(x, y)
        pl.tile.store(s, [0, 0], out)
        v: pl.Scalar[pl.FP32] = pl.tensor.read(out, [0, 3])
        e: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.exp(x)

# CHECK: TLOAD(x, a_gm);
# CHECK-NOT: pipe_barrier
# CHECK: TLOAD(y, b_gm);
# CHECK-NEXT: // {{.*}}:17
# CHECK: TASSIGN(s, 0x400);
# CHECK-NEXT: pipe_barrier(PIPE_ALL);
# CHECK-NEXT: TADD(s, x, y);
# CHECK: pipe_barrier(PIPE_ALL);
# CHECK-NEXT: TSTORE(out_gm, s);
# CHECK-NEXT: // {{.*}}:19
# CHECK-NEXT: pipe_barrier(PIPE_ALL);
# CHECK-NEXT: float v = out[3];
# CHECK-NEXT: // {{.*}}:20
# CHECK-NEXT: Tile<
# CHECK-NEXT: TASSIGN(e,
# CHECK-NEXT: TEXP(e, x);
# The kernel ends with everything drained.
# CHECK-NEXT: pipe_barrier(PIPE_ALL);
# CHECK-NEXT: #endif
