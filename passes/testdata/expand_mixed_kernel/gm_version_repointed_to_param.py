# The vector lane writes a GM tensor in a branch and in a nested loop; the
# cube lane only reads it afterwards. The cube lane keeps no empty branch or
# loop to forward the tensor: its loads read the parameter itself (PyPTO's
# ExpandMixedKernel repoints such reads to the parameter). The vector lane
# keeps its branch and loops with the stores.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
import pypto.language as pl


@pl.program
class Repoint:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 128], pl.BF16],
        b: pl.Tensor[[128, 128], pl.BF16],
        flag: pl.Scalar[pl.INT32],
        x: pl.Out[pl.Tensor[[16, 128], pl.BF16]],
        y: pl.Out[pl.Tensor[[16, 128], pl.BF16]],
        out: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
    ) -> pl.Tensor[[16, 128], pl.FP32]:
        if flag == 0:
            a0 = pl.load(a, [0, 0], [16, 128])
            x = pl.store(pl.add(a0, a0), [0, 0], x)
        else:
            a1 = pl.load(a, [0, 0], [16, 128])
            x = pl.store(pl.mul(a1, a1), [0, 0], x)
        for i in pl.range(2):
            for j in pl.range(2):
                t = pl.load(a, [0, 0], [16, 128])
                y = pl.store(t, [0, 0], y)
        x_mat = pl.load(x, [0, 0], [16, 128], target_memory=pl.MemorySpace.Mat)
        y_mat = pl.load(y, [0, 0], [16, 128], target_memory=pl.MemorySpace.Mat)
        b_mat = pl.load(b, [0, 0], [128, 128], target_memory=pl.MemorySpace.Mat)
        b_right = pl.move(b_mat, target_memory=pl.MemorySpace.Right)
        z = pl.matmul(pl.move(x_mat, target_memory=pl.MemorySpace.Left), b_right)
        z = pl.matmul_acc(z, pl.move(y_mat, target_memory=pl.MemorySpace.Left), b_right)
        z_vec = pl.move(z, target_memory=pl.MemorySpace.Vec)
        out = pl.store(z_vec, [0, 0], out)
        return out

# CHECK-LABEL: def k_aic(
# CHECK-NOT: if flag
# CHECK-NOT: pl.range
# CHECK: pl.tile.tpop_from_aiv()
# CHECK-NOT: if flag
# CHECK-NOT: pl.range
# CHECK: x_mat: {{.*}} = pl.tile.load(x, [0, 0], [16, 128], target_memory=pl.Mem.Mat)
# CHECK-NEXT: y_mat: {{.*}} = pl.tile.load(y, [0, 0], [16, 128], target_memory=pl.Mem.Mat)
# CHECK-LABEL: def k_aiv(
# CHECK: if flag == 0:
# CHECK: pl.tile.store(
# CHECK: else:
# CHECK: pl.tile.store(
# CHECK: for i
# CHECK: for j
# CHECK: pl.tile.store(t, [0, 0],
