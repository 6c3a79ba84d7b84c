# Every popped tile is freed once, right after its last use in its block,
# following aliases (here the tile feeds a loop as its initial carried
# value, so the slot is freed after the loop); a pop whose tile nobody uses
# is still kept (the FIFO must stay balanced) and freed at once.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Frees:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
        n: pl.Scalar[pl.INDEX],
    ):
        c = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        unused = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
        cv = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
        for i, (acc,) in pl.range(0, n, 1, init_values=(cv,)):
            nxt = pl.tile.add(acc, acc)
            acc_out = pl.yield_(nxt)
        r = pl.tile.relu(acc_out)
        pl.tile.store(r, [0, 0], out)

# CHECK-LABEL: def k_aiv(
# CHECK: unused: {{.*}} = pl.tile.tpop_from_aic()
# CHECK-NEXT: pl.system.tfree_to_aic(unused)
# CHECK-NEXT: cv: {{.*}} = pl.tile.tpop_from_aic()
# CHECK-NEXT: for i, (acc,) in pl.range(n, init_values=(cv,)):
# CHECK: acc_out = pl.yield_(nxt)
# CHECK-NEXT: r: {{.*}} = pl.tile.relu(acc_out)
# CHECK-NEXT: pl.system.tfree_to_aic(cv)
# CHECK-NEXT: pl.tile.store(r, [0, 0], out)
# CHECK-NOT: tfree
