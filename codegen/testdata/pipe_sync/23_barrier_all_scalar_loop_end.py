# --pipe-sync=barrier-all at the end of a loop body where only scalar
# accesses are pending: pipe_barrier(PIPE_ALL) when one conflicts with an
# access of another pipe that the next iteration makes before its first
# barrier (the first loop: the next load reads what the scalar write wrote,
# S -> MTE2 across iterations), none when the loop has no such access (the
# second loop: S -> S needs nothing), and no tail (the scalar pipe is not
# busy at return).
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=syncplan | FileCheck %s --check-prefix=PLAN
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=syncplan --pipe-sync-drop=1 | FileCheck %s --check-prefix=DROP
import pypto.language as pl


@pl.program
class ScalarLoopEnd:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.InOut[pl.Tensor[[1, 64], pl.FP32]], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
        for i in pl.range(4):
            x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
            pl.tensor.write(a, [0, 1], 2.0)
        for j in pl.range(4):
            pl.tensor.write(out, [0, j], 0.0)

# CPP: TLOAD(x, a_gm);
# CPP: a[1] = 2.0f;
# CPP-NEXT: pipe_barrier(PIPE_ALL);
# CPP-NEXT: }
# CPP-NEXT: // {{.*}}:21
# CPP-NEXT: for (int64_t j = 0; j < 4; j += 1) {
# CPP-NEXT: // {{.*}}:22
# CPP-NEXT: out[j] = 0.0f;
# CPP-NEXT: }
# PLAN: func k: 2 units
# PLAN: unit 0: pipe_barrier(PIPE_ALL) before {{.*}}.py:20:13 (barrier-all)
# PLAN: unit 1: pipe_barrier(PIPE_ALL) before {{.*}}.py:18:9 (loop end)
# PLAN: check: {{[0-9]+}} of {{[0-9]+}} executions, clean
# DROP: finding: {{.*}}pipe race{{.*}}TLOAD on PIPE_MTE2{{.*}}PIPE_S
