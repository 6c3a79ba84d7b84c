# On a2a3 the replay of AIV lane 1 carries no tiles: a loop whose only
# carried value is a tile keeps its pipe protocol (the pop and the free) but
# loses its iteration argument, its results and its yield.
# RUN: ptoc %s --backend=a2a3 --emit=text | FileCheck %s
# CHECK-LABEL: def k_aiv(
# CHECK: if sb == 0:
# CHECK: acc_out = pl.yield_(cv_copy)
# CHECK: else:
# CHECK-NEXT: for i_{{[0-9]+}} in pl.range(n):
# CHECK-NEXT: cv_{{[0-9]+}}: {{.*}} = pl.tile.tpop_from_aic()
# CHECK-NEXT: pl.system.tfree_to_aic(cv_{{[0-9]+}})
# CHECK-NOT: pl.yield_
# CHECK-LABEL: def k(
import pypto.language as pl


@pl.program
class Leaving:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], n: pl.Scalar[pl.INDEX]):
        c = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        v0 = pl.tile.load(a, [0, 0], [16, 16])
        for i, (acc,) in pl.range(0, n, 1, init_values=(v0,)):
            cv = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
            acc_out = pl.yield_(cv)
        pl.tile.store(acc_out, [0, 0], out)
