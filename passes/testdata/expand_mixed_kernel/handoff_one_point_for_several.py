# Two vector stores into two scratch tensors, then cube loads of both, in
# the reverse order of the stores: one handshake before the first load
# orders all four conflicts, and its token is the tile of the latest store.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class OnePoint:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        q: pl.Tensor[[16, 16], pl.FP16],
        s1: pl.InOut[pl.Tensor[[16, 16], pl.FP16]],
        s2: pl.InOut[pl.Tensor[[16, 16], pl.FP16]],
    ):
        a = pl.tile.load(q, [0, 0], [16, 16])
        pl.tile.store(a, [0, 0], s1)
        b = pl.tile.add(a, a)
        pl.tile.store(b, [0, 0], s2)
        m2 = pl.tile.load(s2, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        m1 = pl.tile.load(s1, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)

# CHECK-LABEL: def k_aic(
# CHECK: tok: {{.*}} = pl.tile.tpop_from_aiv()
# CHECK-NEXT: pl.system.tfree_to_aiv(tok)
# CHECK-NEXT: m2: {{.*}} = pl.tile.load(s2,
# CHECK-NEXT: m1: {{.*}} = pl.tile.load(s1,
# CHECK-LABEL: def k_aiv(
# CHECK: pl.tile.store(b, [0, 0], s2)
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: pl.tile.tpush_to_aic(b)
# CHECK-NOT: tpush
