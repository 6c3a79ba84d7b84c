# --v2c-sync=off leaves vector -> cube conflicts unordered (the historical
# behaviour) with one warning each; cube -> vector handshakes are still
# inserted.
# RUN: ptoc %s --passes=expand-mixed-kernel --v2c-sync=off --emit=text 2> %t.err | FileCheck %s
# RUN: FileCheck %s --check-prefix=WARN < %t.err
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class SyncOff:
    @pl.function(type=pl.FunctionType.InCore)
    def rope(
        self,
        q: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP16]],
    ):
        first = pl.tile.load(scratch, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        qv = pl.tile.load(q, [0, 0], [16, 16])
        pl.tile.store(qv, [0, 0], scratch)
        qm = pl.tile.load(scratch, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)

# WARN: v2c_sync_off.py:21:9: warning: in kernel 'rope': the AIC lane reads 'scratch' (tile.load) after the AIV lane writes it (tile.store), and nothing orders the two lanes: --v2c-sync=off leaves vector->cube conflicts unordered; to fix it, pass the value as a tile (pl.move(x, target_memory=pl.Mem.Mat)), restructure the accesses, or add pl.system.syncall between the phases
# WARN: v2c_sync_off.py:20:9: note: the tile.store of 'scratch' on the AIV lane is here
# WARN-NOT: warning
# CHECK-LABEL: def rope_aic(
# CHECK: pl.system.aic_initialize_pipe(c2v_import, 0, dir_mask=1, slot_size=1024)
# CHECK-NEXT: first: {{.*}} = pl.tile.load(scratch,
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: tok: {{.*}} = pl.tile.create(
# CHECK-NEXT: pl.tile.tpush_to_aiv(tok)
# CHECK-NEXT: qm: {{.*}} = pl.tile.load(scratch,
# CHECK-LABEL: def rope_aiv(
# CHECK-NOT: tpush_to_aic
