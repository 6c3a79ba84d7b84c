# A mixed kernel returning several output parameters, one stored on each
# lane: the AIC lane returns nothing (its store stays a statement), the AIV
# lane returns both parameters, although it stores only into `relu_out`
# (the AIC lane's store result is the stored-into parameter there), and the
# Group returns its own two parameters. The orchestration's unpacking
# caller is untouched: it calls the Group, which has the kernel's name and
# type.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
# CHECK-LABEL: def mm2_aic(
# CHECK-SAME: pl.FP32]]):
# CHECK: acc_out_1 = pl.tile.store(c, [0, 0], acc_out)
# CHECK-NOT: relu
# CHECK: {{^        return$}}
# CHECK-LABEL: def mm2_aiv(
# CHECK: ) -> tuple[
# CHECK-NOT: pl.tile.store(c,
# CHECK: relu_out_1 = pl.tile.store(pl.tile.relu(v), [0, 0], relu_out)
# CHECK: {{^        return acc_out, relu_out$}}
# CHECK: @pl.function(type=pl.FunctionType.Group, level=pl.Level.CORE_GROUP, role=pl.Role.SubWorker)
# CHECK-NEXT: def mm2(
# CHECK: ) -> tuple[
# CHECK-NEXT: self.mm2_aic(a, b, acc_out, relu_out)
# CHECK-NEXT: self.mm2_aiv(a, b, acc_out, relu_out)
# CHECK-NEXT: return acc_out, relu_out
# CHECK-LABEL: def main(
# CHECK: x_1, y_1 = self.mm2(a, b, x, y)
# CHECK-NEXT: return x_1, y_1
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# PTO-LABEL: func.func @mm2_aic(
# PTO: pto.tstore
# PTO-LABEL: func.func @mm2_aiv(
# PTO: pto.tstore
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# CCE: void mm2_aic(
# CCE: void mm2_aiv(
import pypto.language as pl


@pl.program
class SeveralOutputs:
    @pl.function(type=pl.FunctionType.InCore)
    def mm2(
        self,
        a: pl.Tensor[[16, 16], pl.BF16],
        b: pl.Tensor[[16, 16], pl.BF16],
        acc_out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
        relu_out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        am: pl.Tile[[16, 16], pl.BF16] = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[16, 16], pl.BF16] = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        l: pl.Tile[[16, 16], pl.BF16] = pl.move(am, target_memory=pl.Mem.Left)
        r: pl.Tile[[16, 16], pl.BF16] = pl.move(bm, target_memory=pl.Mem.Right)
        c: pl.Tile[[16, 16], pl.FP32] = pl.matmul(l, r)
        acc_out = pl.store(c, [0, 0], acc_out)
        v: pl.Tile[[16, 16], pl.FP32] = pl.move(c, target_memory=pl.Mem.Vec)
        relu_out = pl.store(pl.relu(v), [0, 0], relu_out)
        return acc_out, relu_out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        a: pl.Tensor[[16, 16], pl.BF16],
        b: pl.Tensor[[16, 16], pl.BF16],
        x: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
        y: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        x, y = self.mm2(a, b, x, y)
        return x, y
