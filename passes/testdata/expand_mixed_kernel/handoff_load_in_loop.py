# A vector store before a loop and cube loads inside it: the handshake sits
# before the loop (once), with the stored tile as the token.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class LoadInLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        q: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP16]],
        n: pl.Scalar[pl.INDEX],
    ):
        qv = pl.tile.load(q, [0, 0], [16, 16])
        pl.tile.store(qv, [0, 0], scratch)
        for i in pl.range(0, n, 1):
            qm = pl.tile.load(scratch, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)

# CHECK-LABEL: def k_aic(
# CHECK: tok: {{.*}} = pl.tile.tpop_from_aiv()
# CHECK-NEXT: pl.system.tfree_to_aiv(tok)
# CHECK-NEXT: for i in pl.range(n):
# CHECK-NEXT: qm: {{.*}} = pl.tile.load(scratch,
# CHECK-NOT: tpop
# CHECK-LABEL: def k_aiv(
# CHECK: pl.tile.store(qv, [0, 0], scratch)
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: pl.tile.tpush_to_aic(qv)
# CHECK-NOT: pl.tile
