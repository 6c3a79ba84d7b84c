# --v2c-sync=error inserts nothing for vector -> cube conflicts: each one is
# an error at the later access naming the kernel, the tensor, both lanes,
# the reason and the fixes, with a note at the earlier access.
# RUN: not ptoc %s --passes=expand-mixed-kernel --v2c-sync=error --emit=text 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class SyncError:
    @pl.function(type=pl.FunctionType.InCore)
    def rope(
        self,
        q: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP16]],
    ):
        qv = pl.tile.load(q, [0, 0], [16, 16])
        pl.tile.store(qv, [0, 0], scratch)
        qm = pl.tile.load(scratch, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)

# CHECK: v2c_sync_error.py:19:9: error: in kernel 'rope': the AIC lane reads 'scratch' (tile.load) after the AIV lane writes it (tile.store), and nothing orders the two lanes: --v2c-sync=error forbids inserting vector->cube synchronisation; to fix it, pass the value as a tile (pl.move(x, target_memory=pl.Mem.Mat)), restructure the accesses, or add pl.system.syncall between the phases
# CHECK-NEXT: qm = pl.tile.load(scratch, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
# CHECK-NEXT: ^
# CHECK-NEXT: v2c_sync_error.py:18:9: note: the tile.store of 'scratch' on the AIV lane is here
# CHECK-NEXT: pl.tile.store(qv, [0, 0], scratch)
# CHECK-NOT: def
