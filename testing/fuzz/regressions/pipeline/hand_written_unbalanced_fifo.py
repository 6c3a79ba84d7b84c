# The cube lane pushes three tiles into a two-slot FIFO that the vector
# lane never pops: the third push waits forever (deadlock).
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class FifoOverflow:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="k_c2v_slot_buffer", peer_func="k_aiv")
        pl.system.aic_initialize_pipe(c2v_import, 0, dir_mask=1, slot_size=1024, slot_num=2)
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.create(shape=[16, 16], dtype=pl.FP32, target_memory=pl.MemorySpace.Acc)
        for i in pl.range(3):
            pl.tile.tpush_to_aiv(t)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="k_c2v_slot_buffer", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(c2v_buf, 0, dir_mask=1, slot_size=1024, slot_num=2)

    @pl.function(type=pl.FunctionType.Group)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32]):
        self.k_aic(a)
        self.k_aiv(a)
