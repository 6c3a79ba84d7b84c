# A popped tile yielded out of its loop body is first copied within its
# memory space; the copy is yielded and the slot freed right after the copy.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Leaving:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
        n: pl.Scalar[pl.INDEX],
    ):
        c = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        v0 = pl.tile.load(a, [0, 0], [16, 16])
        for i, (acc,) in pl.range(0, n, 1, init_values=(v0,)):
            cv = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
            acc_out = pl.yield_(cv)
        pl.tile.store(acc_out, [0, 0], out)

# CHECK-LABEL: def k_aic(
# CHECK: for i in pl.range(n):
# CHECK-NEXT: pl.tile.tpush_to_aiv(c)
# CHECK-LABEL: def k_aiv(
# CHECK: for i, (acc,) in pl.range(n, init_values=(v0,)):
# CHECK-NEXT: cv: {{.*}} = pl.tiK-NEXT: acc_out = pl.yield_(cv_copy)
# CHECK-NEXT: pl.tile.store(acc_out, [0, 0], out)
