# In a loop the cube reads scratch early in the body and the vector
# overwrites it late: the write must wait for this iteration's read (a
# cube -> vector handshake before the store), and the next iteration's read
# must wait for the store (a vector -> cube handshake at the end of the
# body, with the stored tile as the token).
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class NextIteration:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        q: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP16]],
        n: pl.Scalar[pl.INDEX],
    ):
        for i in pl.range(0, n, 1):
            qm = pl.tile.load(scratch, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
            qv = pl.tile.load(q, [0, 0], [16, 16])
            pl.tile.store(qv, [0, 0], scratch)

# CHECK-LABEL: def k_aic(
# CHECK: for i in pl.range(n):
# CHECK-NEXT: qm: {{.*}} = pl.tile.load(scratch,
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: tok: {{.*}} = pl.tile.create(shape=[16, 16], dtype=pl.FP32, target_memory=pl.Mem.Acc)
# CHECK-NEXT: pl.tile.tpush_to_aiv(tok)
# CHECK-NEXT: tok_1: {{.*}} = pl.tile.tpop_from_aiv()
# CHECK-NEXT: pl.system.tfree_to_aiv(tok_1)
# CHECK-LABEL: def k_aiv(
# CHECK: for i in pl.range(n):
# CHECK-NEXT: qv: {{.*}} = pl.tile.load(q, [0, 0], [16, 16])
# CHECK-NEXT: tok: {{.*}} = pl.tile.tpop_from_aic()
# CHECK-NEXT: pl.system.tfree_to_aic(tok)
# CHECK-NEXT: pl.tile.store(qv, [0, 0], scratch)
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: pl.tile.tpush_to_aic(qv)
