# A mixed kernel that returns its output parameter (PyPTO's convention)
# runs after expand-mixed-kernel: its Group calls both lanes and returns
# `out`; ptoc-sim launches the lanes, and the AIV lane's store happens:
# relu(ones @ ones) = 16 everywhere.
# RUN: rm -rf %t.in %t.out && mkdir -p %t.in
# RUN: (seq 256 | sed 's/.*/1/' | tr '\n' ' ') > %t.in/a.0.txt
# RUN: (seq 256 | sed 's/.*/1/' | tr '\n' ' ') > %t.in/b.0.txt
# RUN: ptoc %s --emit=pb -o %t.pb
# RUN: ptoc %s --emit=text | FileCheck %s --check-prefix=GROUP
# GROUP-LABEL: def mm_relu(
# GROUP: self.mm_relu_aic(a, b, out)
# GROUP-NEXT: self.mm_relu_aiv(a, b, out)
# GROUP-NEXT: return out
# RUN: ptoc-sim %t.pb --entry=mm_relu --ranks=1 --schedules=5 --inputs=%t.in --dump-outputs=%t.out | FileCheck %s --check-prefix=RUN1
# RUN1: ptoc-sim: 5 schedules (seed 1), 1 rank, 3 lanes, {{[0-9]+}} statements executed: 0 stale reads, 0 races, 0 deadlocks
# RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out/out.0.txt
# OUT-COUNT-16: {{^16 16 16 16 16 16 16 16 16 16 16 16 16 16 16 16$}}
import pypto.language as pl


@pl.program
class ReturnMixed:
    @pl.function(type=pl.FunctionType.InCore)
    def mm_relu(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        am: pl.Tile[[16, 16], pl.FP16] = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[16, 16], pl.FP16] = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        l: pl.Tile[[16, 16], pl.FP16] = pl.move(am, target_memory=pl.Mem.Left)
        r: pl.Tile[[16, 16], pl.FP16] = pl.move(bm, target_memory=pl.Mem.Right)
        c: pl.Tile[[16, 16], pl.FP32] = pl.matmul(l, r)
        v: pl.Tile[[16, 16], pl.FP32] = pl.move(c, target_memory=pl.Mem.Vec)
        out = pl.store(pl.relu(v), [0, 0], out)
        return out
