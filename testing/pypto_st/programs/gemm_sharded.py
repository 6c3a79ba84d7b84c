# Cut from PyPTO's tests/st/distributed/test_l3_gemm.py (hw-native-sys/pypto e2d0f78a), the
# program its system test builds, with the test's constants folded in.
import pypto.language as pl
import pypto.language.distributed as pld



@pl.program
class L3GemmTwoRank:
    @pl.function(type=pl.FunctionType.InCore)
    def anchor_comm_window(
        self,
        scratch: pl.InOut[pld.DistributedTensor[[1, 8], pl.INT32]],
    ) -> pl.Tensor[[1, 8], pl.INT32]:
        """Local store into this rank's comm window (MaterializeCommDomainScopes / InOut)."""
        tile = pl.tile.full([1, 8], dtype=pl.INT32, value=0)
        return pl.store(tile, [0, 0], scratch)

    @pl.function(type=pl.FunctionType.InCore)
    def gemm(
        self,
        a_shard: pl.Tensor[[64, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        c_shard: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        tile_a_l1 = pl.load(a_shard, offsets=[0, 0], shapes=[64, 64], target_memory=pl.MemorySpace.Mat)
        tile_b_l1 = pl.load(b, offsets=[0, 0], shapes=[64, 64], target_memory=pl.MemorySpace.Mat)
        tile_a_l0a = pl.move(tile_a_l1, target_memory=pl.MemorySpace.Left)
        tile_b_l0b = pl.move(tile_b_l1, target_memory=pl.MemorySpace.Right)
        tile_c_l0c = pl.matmul(tile_a_l0a, tile_b_l0b)
        return pl.store(tile_c_l0c, offsets=[0, 0], output_tensor=c_shard)

    @pl.function(type=pl.FunctionType.Orchestration)
    def chip_orch(
        self,
        a_shard: pl.Tensor[[64, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        c_shard: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
        scratch: pl.InOut[pld.DistributedTensor[[1, 8], pl.INT32]],
    ) -> pl.Tensor[[64, 64], pl.FP32]:
        self.anchor_comm_window(scratch)
        return self.gemm(a_shard, b, c_shard)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host_orch(
        self,
        a: pl.Tensor[[2, 64, 64], pl.FP32],
        b: pl.Tensor[[64, 64], pl.FP32],
        c: pl.Out[pl.Tensor[[2, 64, 64], pl.FP32]],
    ) -> pl.Tensor[[2, 64, 64], pl.FP32]:
        scratch_buf = pld.alloc_window_buffer(8 * pl.INT32.get_byte())
        for r in pl.range(pld.world_size()):
            scratch = pld.window(scratch_buf, [1, 8], dtype=pl.INT32)
            self.chip_orch(a[r], b, c[r], scratch, device=r)
        return c
