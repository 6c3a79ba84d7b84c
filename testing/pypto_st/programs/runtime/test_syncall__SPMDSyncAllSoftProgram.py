# Cut from PyPTO's tests/st/runtime/cross_core/test_syncall.py (hw-native-sys/pypto e2d0f78a): the
# program SPMDSyncAllSoftProgram, which the test SPMDSyncAllSoftTestCase runs.
import pypto.language as pl
import pypto.language.distributed as pld



@pl.program
class SPMDSyncAllSoftProgram:
    """SPMD add with an AIV-only *soft* (GM-polling) barrier at partial occupancy."""

    @pl.function(type=pl.FunctionType.InCore)
    def spmd_syncall_soft_add(
        self,
        a: pl.Tensor[[512, 128], pl.FP32],
        b: pl.Tensor[[512, 128], pl.FP32],
        sync_ws: pl.Tensor[[16], pl.INT32],
        out: pl.Out[pl.Tensor[[512, 128], pl.FP32]],
    ) -> pl.Tensor[[512, 128], pl.FP32]:
        block_idx = pl.tile.get_block_idx()
        offset = block_idx * 128
        tile_a = pl.load(a, [offset, 0], [128, 128])
        tile_b = pl.load(b, [offset, 0], [128, 128])
        # Simpler currently passes its logical block count through the kernel
        # arguments, while PTO-ISA's implicit-count path reads the raw device
        # launch register. Keep the runtime path explicit until those agree.
        pl.system.syncall(mode="soft", core_type="aiv_only", gm_workspace=sync_ws, used_cores=4)
        tile_c = pl.add(tile_a, tile_b)
        out = pl.store(tile_c, [offset, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Orchestration)
    def orchestrator(
        self,
        a: pl.Tensor[[512, 128], pl.FP32],
        b: pl.Tensor[[512, 128], pl.FP32],
        sync_ws: pl.Tensor[[16], pl.INT32],
        out: pl.Out[pl.Tensor[[512, 128], pl.FP32]],
    ) -> pl.Tensor[[512, 128], pl.FP32]:
        with pl.spmd(4):
            out = self.spmd_syncall_soft_add(a, b, sync_ws, out)
        return out
