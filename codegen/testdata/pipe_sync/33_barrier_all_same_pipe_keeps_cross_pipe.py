# --pipe-sync=barrier-all: pipe_barrier(PIPE_V) orders V's ops among
# themselves only. After exp -> add got one (a2a3), the store of `e` on
# MTE3 still waits for the TEXP that wrote it: PIPE_ALL before the store.
# (The rule once took the PIPE_V barrier for a drain of V and left the
# store unordered; the plan's own check reported the race.)
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=syncplan | FileCheck %s
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class SamePipeThenStore:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
          out2: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
        x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        e: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.exp(x)
        s: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.add(e, x)
        pl.tile.store(e, [0, 0], out)
        pl.tile.store(s, [0, 0], out2)

# CHECK: pipe_barrier(PIPE_V) before {{.*}}.py:18:9 (same-pipe)
# CHECK: pipe_barrier(PIPE_ALL) before {{.*}}.py:19:9 (barrier-all)
# CHECK: check: 1 of 1 executions, clean
# CCE: pipe_barrier(PIPE_V);
# CCE: TADD(s, e, x);
# CCE: pipe_barrier(PIPE_ALL);
# CCE: TSTORE
