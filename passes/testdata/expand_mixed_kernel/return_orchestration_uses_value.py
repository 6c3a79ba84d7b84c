# The orchestration uses the value a mixed kernel returns (PyPTO's callers:
# `out = self.k(a, b, out)` inside `pl.spmd`, then the value passed on to
# the next kernel). The caller is left as written: it calls the new Group,
# which has the kernel's name, parameters and return type and returns its
# own `out`, the tensor the AIV lane stored into; the next kernel reads it.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
# CHECK-LABEL: def mm_relu_aiv(
# CHECK: return out
# CHECK: @pl.function(type=pl.FunctionType.Group, level=pl.Level.CORE_GROUP, role=pl.Role.SubWorker)
# CHECK-NEXT: def mm_relu(
# CHECK-SAME: out: pl.Out[pl.Tensor{{.*}} -> pl.Tensor
# CHECK-NEXT: self.mm_relu_aic(a, b, out)
# CHECK-NEXT: self.mm_relu_aiv(a, b, out)
# CHECK-NEXT: return out
# CHECK: @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
# CHECK-NEXT: def twice(
# CHECK-LABEL: def main(
# CHECK: with pl.spmd(2):
# CHECK-NEXT: mid_1 = self.mm_relu(a, b, mid)
# CHECK-NEXT: res_1 = self.twice(mid_1, res)
# CHECK-NEXT: return res_1
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# PTO-DAG: func.func @mm_relu_aic(
# PTO-DAG: func.func @mm_relu_aiv(
# PTO-DAG: func.func @twice(
import pypto.language as pl


@pl.program
class OrchestrationUsesValue:
    @pl.function(type=pl.FunctionType.InCore)
    def mm_relu(self, a: pl.Tensor[[16, 16], pl.BF16], b: pl.Tensor[[16, 16], pl.BF16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        am: pl.Tile[[16, 16], pl.BF16] = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[16, 16], pl.BF16] = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        l: pl.Tile[[16, 16], pl.BF16] = pl.move(am, target_memory=pl.Mem.Left)
        r: pl.Tile[[16, 16], pl.BF16] = pl.move(bm, target_memory=pl.Mem.Right)
        c: pl.Tile[[16, 16], pl.FP32] = pl.matmul(l, r)
        v: pl.Tile[[16, 16], pl.FP32] = pl.move(c, target_memory=pl.Mem.Vec)
        out = pl.store(pl.relu(v), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.InCore)
    def twice(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t: pl.Tile[[16, 16], pl.FP32] = pl.load(x, [0, 0], [16, 16])
        out = pl.store(pl.add(t, t), [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[16, 16], pl.BF16],
        b: pl.Tensor[[16, 16], pl.BF16],
        mid: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
        res: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        with pl.spmd(2):
            mid = self.mm_relu(a, b, mid)
        res = self.twice(mid, res)
        return res
