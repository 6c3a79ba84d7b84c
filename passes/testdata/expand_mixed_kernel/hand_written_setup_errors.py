# A kernel with hand-written pipe setup gets no automatic setup and no
# automatic transfers: a boundary move, or a cube -> vector conflict (never
# left to --v2c-sync), is an error.
# RUN: not ptoc %s --passes=expand-mixed-kernel --emit=text 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Manual:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 16], pl.FP32],
        scratch: pl.InOut[pl.Tensor[[16, 16], pl.FP32]],
    ):
        buf = pl.system.reserve_buffer(name="k_c2v", size=2048)
        imp = pl.system.import_peer_buffer(name="k_c2v", peer_func="k_aiv")
        pl.system.aic_initialize_pipe(imp, 0, dir_mask=1, slot_size=1024)
        pl.system.aiv_initialize_pipe(buf, 0, dir_mask=1, slot_size=1024)
        c = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        cv = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
        pl.tile.store(c, [0, 0], scratch)
        sv = pl.tile.load(scratch, [0, 0], [16, 16])

# CHECK: hand_written_setup_errors.py:22:9: error: in kernel 'k': this tile.move crosses from the AIC lane to the AIV lane, but the kernel has hand-written pipe setup, so the pass adds no transfers; write the tpush/tpop pair yourself or remove the hand-written setup
# CHECK: hand_written_setup_errors.py:24:9: error: in kernel 'k': the AIV lane reads 'scratch' (tile.load) after the AIC lane writes it (tile.store), and nothing orders the two lanes: the kernel has hand-written pipe setup, so no handshake can be inserted; to fix it, pass the value as a tile (pl.move(x, target_memory=pl.Mem.Vec)), restructure the accesses, or add pl.system.syncall between the phases
# CHECK: hand_written_setup_errors.py:23:9: note: the tile.store of 'scratch' on the AIC lane is here
