# --v2c-sync=barrier inserts a handshake where it can; in a kernel with
# hand-written pipe setup (no automatic transfers) it inserts the full
# barrier on both lanes at the handshake point instead.
# RUN: ptoc %s --passes=expand-mixed-kernel --v2c-sync=barrier --emit=text | FileCheck %s
# With the default --v2c-sync=fence the same conflict is an error.
# RUN: not ptoc %s --passes=expand-mixed-kernel --emit=text 2>&1 | FileCheck %s --check-prefix=FENCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Barrier:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        q: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP16]],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        buf = pl.system.reserve_buffer(name="k_c2v", size=2048)
        imp = pl.system.import_peer_buffer(name="k_c2v", peer_func="k_aiv")
        pl.system.aic_initialize_pipe(imp, 0, dir_mask=0, slot_size=1024)
        pl.system.aiv_initialize_pipe(buf, 0, dir_mask=1, slot_size=1024)
        qv = pl.tile.load(q, [0, 0], [16, 16])
        pl.tile.store(qv, [0, 0], scratch)
        ql = pl.tile.load(scratch, [0, 0], [16, 16], target_memory=pl.MemorySpace.Left)
        qr = pl.tile.load(q, [0, 0], [16, 16], target_memory=pl.MemorySpace.Right)
        c = pl.tile.matmul(ql, qr)
        pl.tile.tpush_to_aiv(c)
        cv: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        pl.tile.store(cv, [0, 0], out)

# FENCE: error: in kernel 'k': the AIC lane reads 'scratch' (tile.load) after the AIV lane writes it (tile.store), and nothing orders the two lanes: the kernel has hand-written pipe setup, so no handshake can be inserted
# CHECK-LABEL: def k_aic(
# CHECK: imp: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="k_c2v", peer_func="k_aiv")
# CHECK-NEXT: pl.system.aic_initialize_pipe(imp, 0, dir_mask=1, slot_size=1024)
# CHECK-NEXT: pl.system.cacheinvalid()
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: pl.system.syncall()
# CHECK-NEXT: pl.system.cacheinvalid()
# CHECK-NEXT: ql: {{.*}} = pl.tile.load(scratch,
# CHECK-LABEL: def k_aiv(
# CHECK: pl.tile.store(qv, [0, 0], scratch)
# CHECK-NEXT: pl.system.cacheinvalid()
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: pl.system.syncall()
# CHECK-NEXT: pl.system.cacheinvalid()
# CHECK-NEXT: cv: {{.*}} = pl.tile.tpop_from_aic()
# CHECK-NEXT: pl.tile.store(cv, [0, 0], out)
# CHECK-NEXT: pl.system.tfree_to_aic(cv)
