# The vector lane holds two popped tiles at once (the run of the emitted C++
# checks them against the TPipe's LocalSlotNum): the cube pushes a and b,
# the vector lane pops both, stores their sum, then frees both.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class TwoHeld:
    @pl.function(type=pl.FunctionType.AIC)
    def two_held_aic(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c2v_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="two_held_c2v_slot_buffer", peer_func="two_held_aiv")
        pl.system.aic_initialize_pipe(c2v_import, 0, dir_mask=1, slot_size=1024, slot_num=2)
        ta: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(ta)
        tb: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.load(b, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(tb)

    @pl.function(type=pl.FunctionType.AIV)
    def two_held_aiv(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="two_held_c2v_slot_buffer", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(c2v_buf, 0, dir_mask=1, slot_size=1024, slot_num=2)
        x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        y: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        s: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.add(x, y)
        pl.tile.store(s, [0, 0], out)
        pl.system.tfree_to_aic(x)
        pl.system.tfree_to_aic(y)

    @pl.function(type=pl.FunctionType.Group)
    def two_held(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        self.two_held_aic(a, b, out)
        self.two_held_aiv(a, b, out)
