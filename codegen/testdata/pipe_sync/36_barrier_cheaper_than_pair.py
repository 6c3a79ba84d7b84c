# A PIPE_ALL where it is cheaper than a pair (issue 34, item 1): 06's
# kernel without the exp. When the scalar read of `out` after the store
# comes, nothing but the store runs: the store waited for the load, and no
# other pipe has work. A wait into S blocks issue as a PIPE_ALL does, so
# the barrier orders the same and saves the set and the wait (a hop of 2
# cycles instead of 3, pipe-sync.md §5.3); it also ends the kernel's
# non-scalar work, so no tail barrier follows. The S -> MTE3 pair before
# the store stays: a PIPE_ALL there would also wait for the load.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=syncplan | FileCheck %s --check-prefix=PLAN
import pypto.language as pl


@pl.program
class CheaperBarrier:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
        x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        v: pl.Scalar[pl.FP32] = pl.tensor.read(out, [0, 3])
        pl.tile.store(x, [0, 0], out)
        w: pl.Scalar[pl.FP32] = pl.tensor.read(out, [0, 5])

# CPP: float v = out[3];
# CPP: set_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_S, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: TSTORE(out_gm, x);
# CPP-NOT: _flag(
# CPP: pipe_barrier(PIPE_ALL);
# CPP-NEXT: float w = out[5];
# CPP-NOT: pipe_barrier
# CPP: #endif

# PTO: pto.tstore
# PTO-NOT: _flag
# PTO: pto.barrier <PIPE_ALL>
# PTO-NEXT: pto.load_scalar
# PTO-NOT: pto.barrier
# PTO: return

# PLAN: func k: 3 units
# PLAN: unit 2: pipe_barrier(PIPE_ALL) before {{.*}}36_barrier_cheaper_than_pair.py:22:9 (cheaper than a pair)
# PLAN-NEXT: check: 1 of 1 executions, clean
