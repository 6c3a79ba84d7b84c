# A tuple return of loop-carried values (PyPTO's windowed projection: each
# iteration stores into the carried tensors, the loop's results are
# returned). Every returned value names an output parameter, so the kernel
# returns the parameters themselves: the AIV lane carries only the tensor
# it stores into (`v_proj`), not `k_proj`, which only the AIC lane writes,
# and returns both parameters; the Group returns its own. The orchestration
# binds the tuple and takes its items, as PyPTO's callers do.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
# CHECK-LABEL: def kv_proj_aic(
# CHECK: for ob, (k_iter,) in pl.range(2, init_values=(k_proj,)):
# CHECK: k_next = pl.tile.store(k_acc, [0, kv0], k_iter)
# CHECK: {{^        return$}}
# CHECK-LABEL: def kv_proj_aiv(
# CHECK: ) -> tuple[
# CHECK: for ob, (v_iter,) in pl.range(2, init_values=(v_proj,)):
# CHECK-NOT: k_iter
# CHECK: v_next = pl.tile.store(pl.tile.relu(k_vec), [0, kv0], v_iter)
# CHECK: {{^        return k_proj, v_proj$}}
# CHECK: @pl.function(type=pl.FunctionType.Group, level=pl.Level.CORE_GROUP, role=pl.Role.SubWorker)
# CHECK-NEXT: def kv_proj(
# CHECK: self.kv_proj_aic(k_proj, v_proj, x, w)
# CHECK-NEXT: self.kv_proj_aiv(k_proj, v_proj, x, w)
# CHECK-NEXT: return k_proj, v_proj
# CHECK-LABEL: def main(
# CHECK: result = self.kv_proj(k, v, x, w)
# CHECK-NEXT: k_1 = result[0]
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# PTO-LABEL: func.func @kv_proj_aic(
# PTO: scf.for
# PTO-LABEL: func.func @kv_proj_aiv(
# PTO: scf.for
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# CCE: void kv_proj_aiv(
import pypto.language as pl


@pl.program
class TupleLoopCarried:
    @pl.function(type=pl.FunctionType.InCore)
    def kv_proj(
        self,
        k_proj: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
        v_proj: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
        x: pl.Tensor[[16, 16], pl.BF16],
        w: pl.Tensor[[16, 32], pl.BF16],
    ) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        for ob, (k_iter, v_iter) in pl.range(2, init_values=(k_proj, v_proj)):
            kv0: pl.Scalar[pl.INDEX] = ob * 16
            xm: pl.Tile[[16, 16], pl.BF16] = pl.load(x, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
            wm: pl.Tile[[16, 16], pl.BF16] = pl.load(w, [0, kv0], [16, 16], target_memory=pl.Mem.Mat)
            xl: pl.Tile[[16, 16], pl.BF16] = pl.move(xm, target_memory=pl.Mem.Left)
            wr: pl.Tile[[16, 16], pl.BF16] = pl.move(wm, target_memory=pl.Mem.Right)
            k_acc: pl.Tile[[16, 16], pl.FP32] = pl.matmul(xl, wr)
            k_next: pl.Tensor[[16, 32], pl.FP32] = pl.store(k_acc, [0, kv0], k_iter)
            k_vec: pl.Tile[[16, 16], pl.FP32] = pl.move(k_acc, target_memory=pl.Mem.Vec)
            v_next: pl.Tensor[[16, 32], pl.FP32] = pl.store(pl.relu(k_vec), [0, kv0], v_iter)
            k_rv, v_rv = pl.yield_(k_next, v_next)
        return k_rv, v_rv

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        x: pl.Tensor[[16, 16], pl.BF16],
        w: pl.Tensor[[16, 32], pl.BF16],
        k: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
        v: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
    ) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        result: tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]] = self.kv_proj(k, v, x, w)
        k_1: pl.Tensor[[16, 32], pl.FP32] = result[0]
        v_1: pl.Tensor[[16, 32], pl.FP32] = result[1]
        return k_1, v_1
