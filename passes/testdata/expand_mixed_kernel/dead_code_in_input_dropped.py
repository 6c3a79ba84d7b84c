# Code already dead in the kernel is dropped from the lane that would run
# it, like code the split leaves dead (PyPTO's ExpandMixedKernel runs its
# dead-code elimination on each lane): an unused vector op, a chain of
# them and a dead loop-carried tile go; what has an effect stays though
# nothing reads its result: a store, a tile.assemble (PyPTO's side-effect
# ops), every Eval statement, and (ptoc's rule, README_expand_mixed_kernel.md)
# every GM read, a tile.load and a tensor.read.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
import pypto.language as pl


@pl.program
class DeadCode:
    # CHECK-LABEL: def k_aic(
    # CHECK: unused_mat: {{.*}} = pl.tile.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
    # CHECK: pl.tile.matmul(al, br)
    # CHECK-LABEL: def k_aiv(
    # CHECK: unused_vec: {{.*}} = pl.tile.load(x, [0, 0], [16, 16])
    # CHECK-NOT: unused_exp
    # CHECK-NOT: unused_relu
    # CHECK: flag_value: {{.*}} = pl.tensor.read(flag, [0, 0])
    # CHECK: acc: {{.*}} = pl.tile.load(x, [0, 0], [16, 16])
    # CHECK-NOT: acc
    # CHECK: pl.tile.relu(cv)
    # CHECK: kept_store = pl.tile.store(r, [0, 0], out)
    # CHECK: kept_assemble: {{.*}} = pl.tile.assemble(r, r2, [0, 0])
    # CHECK: pl.system.fence()
    # CHECK-NOT: unused_exp
    # CHECK-NOT: acc
    # CHECK-LABEL: def k(
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 16], pl.FP16],
        b: pl.Tensor[[16, 16], pl.FP16],
        x: pl.Tensor[[16, 16], pl.FP32],
        flag: pl.Tensor[[1, 1], pl.INT32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        am = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        unused_mat = pl.tile.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        al = pl.tile.move(am, target_memory=pl.Mem.Left)
        bm = pl.tile.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        br = pl.tile.move(bm, target_memory=pl.Mem.Right)
        c = pl.tile.matmul(al, br)
        unused_vec = pl.tile.load(x, [0, 0], [16, 16])
        unused_exp = pl.tile.exp(unused_vec)
        unused_relu = pl.tile.relu(unused_exp)
        flag_value = pl.tensor.read(flag, [0, 0])
        acc = pl.tile.load(x, [0, 0], [16, 16])
        for i in pl.range(4):
            acc = pl.tile.add(acc, acc)
        cv = pl.tile.move(c, target_memory=pl.Mem.Vec)
        r = pl.tile.relu(cv)
        kept_store = pl.tile.store(r, [0, 0], out)
        r2 = pl.tile.exp(r)
        kept_assemble = pl.tile.assemble(r, r2, [0, 0])
        pl.system.fence()
