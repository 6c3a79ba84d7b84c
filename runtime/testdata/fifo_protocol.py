# FIFO protocol errors: `missing_free` pops a tile and never frees it,
# `double_free` frees one twice, `wrong_shape` pops a tile typed unlike the
# pushed one, `unpopped` pushes a tile nobody pops.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class FifoProtocol:
    @pl.function(type=pl.FunctionType.AIC)
    def push_one(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="c2v_slot_buffer", peer_func="missing_free_aiv")
        pl.system.aic_initialize_pipe(c2v_import, 0, dir_mask=1, slot_size=1024, slot_num=2)
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.create(shape=[16, 16], dtype=pl.FP32, target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(t)

    @pl.function(type=pl.FunctionType.AIV)
    def missing_free_aiv(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v_slot_buffer", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(c2v_buf, 0, dir_mask=1, slot_size=1024, slot_num=2)
        x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        pl.tile.store(x, [0, 0], a)

    @pl.function(type=pl.FunctionType.AIV)
    def double_free_aiv(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v_slot_buffer", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(c2v_buf, 0, dir_mask=1, slot_size=1024, slot_num=2)
        x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        pl.system.tfree_to_aic(x)
        pl.system.tfree_to_aic(x)

    @pl.function(type=pl.FunctionType.AIV)
    def wrong_shape_aiv(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v_slot_buffer", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(c2v_buf, 0, dir_mask=1, slot_size=1024, slot_num=2)
        x: pl.Tile[[16, 8], pl.FP16, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        pl.system.tfree_to_aic(x)

    @pl.function(type=pl.FunctionType.AIV)
    def unpopped_aiv(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v_slot_buffer", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(c2v_buf, 0, dir_mask=1, slot_size=1024, slot_num=2)

    @pl.function(type=pl.FunctionType.Group)
    def missing_free(self, a: pl.Tensor[[16, 16], pl.FP32]):
        self.push_one(a)
        self.missing_free_aiv(a)

    @pl.function(type=pl.FunctionType.Group)
    def double_free(self, a: pl.Tensor[[16, 16], pl.FP32]):
        self.push_one(a)
        self.double_free_aiv(a)

    @pl.function(type=pl.FunctionType.Group)
    def wrong_shape(self, a: pl.Tensor[[16, 16], pl.FP32]):
        self.push_one(a)
        self.wrong_shape_aiv(a)

    @pl.function(type=pl.FunctionType.Group)
    def unpopped(self, a: pl.Tensor[[16, 16], pl.FP32]):
        self.push_one(a)
        self.unpopped_aiv(a)
