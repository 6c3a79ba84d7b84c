# The vector lane pops two tiles but the cube lane pushes only one: the
# second pop waits forever (deadlock).
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class FifoUnderflow:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="k_c2v_slot_buffer", peer_func="k_aiv")
        pl.system.aic_initialize_pipe(c2v_import, 0, dir_mask=1, slot_size=1024, slot_num=2)
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.create(shape=[16, 16], dtype=pl.FP32, target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(t)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="k_c2v_slot_buffer", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(c2v_buf, 0, dir_mask=1, slot_size=1024, slot_num=2)
        for i in pl.range(2):
            x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
            pl.system.tfree_to_aic(x)

    @pl.function(type=pl.FunctionType.Group)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32]):
        self.k_aic(a)
        self.k_aiv(a)
