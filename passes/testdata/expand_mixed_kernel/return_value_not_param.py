# A mixed kernel that returns a value other than an output parameter (here
# the vector tile itself, as PyPTO's pass tests write it): the AIV lane
# returns it and the new Group returns what the AIV lane gives back
# (`result = self.k_aiv(..)`, `return result`), as PyPTO's ExpandMixedKernel
# builds it. A returned parameter next to it does not change that form.
# Code generation refuses such a kernel (a device kernel gives back only
# its output parameters).
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
# CHECK-LABEL: def mm_relu_aic(
# CHECK-SAME: pl.FP32]]):
# CHECK: {{^        return$}}
# CHECK-LABEL: def mm_relu_aiv(
# CHECK: ) -> tuple[
# CHECK: rv: pl.Tile{{.*}} = pl.tile.relu(v)
# CHECK: {{^        return rv, out$}}
# CHECK: @pl.function(type=pl.FunctionType.Group, level=pl.Level.CORE_GROUP, role=pl.Role.SubWorker)
# CHECK-NEXT: def mm_relu(
# CHECK: ) -> tuple[
# CHECK-NEXT: self.mm_relu_aic(a, b, out)
# CHECK-NEXT: result = self.mm_relu_aiv(a, b, out)
# CHECK-NEXT: return result
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s --check-prefix=CODEGEN
# CODEGEN: error: {{.*}}'mm_relu_aiv' returns 'rv', which is not a parameter
import pypto.language as pl


@pl.program
class ReturnsTile:
    @pl.function(type=pl.FunctionType.InCore)
    def mm_relu(
        self, a: pl.Tensor[[16, 16], pl.BF16], b: pl.Tensor[[16, 16], pl.BF16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
    ) -> tuple[pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec], pl.Tensor[[16, 16], pl.FP32]]:
        am: pl.Tile[[16, 16], pl.BF16] = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[16, 16], pl.BF16] = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        l: pl.Tile[[16, 16], pl.BF16] = pl.move(am, target_memory=pl.Mem.Left)
        r: pl.Tile[[16, 16], pl.BF16] = pl.move(bm, target_memory=pl.Mem.Right)
        c: pl.Tile[[16, 16], pl.FP32] = pl.matmul(l, r)
        v: pl.Tile[[16, 16], pl.FP32] = pl.move(c, target_memory=pl.Mem.Vec)
        rv: pl.Tile[[16, 16], pl.FP32] = pl.relu(v)
        out = pl.store(rv, [0, 0], out)
        return rv, out
