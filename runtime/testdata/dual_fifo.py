# The FIFO of a 1 AIC : 2 AIV core group (dual-aiv.md, "Runtime"), on AIV
# functions that read tile.get_subblock_idx (so both lanes run them):
# `c2v_both` (no-split a2a3: both lanes pop the whole tile), `c2v_one_free`
# (AIV1 never frees: the one slot is never released), `v2c_both` (no-split
# a2a3: the slot holds AIV0's tile once both lanes pushed), `v2c_one_push`
# (AIV1 never pushes), `push_pop_code` (pushed with split=1, popped with
# split=2), `mixed_class` (split=0 and split=1 on one pipe), `free_code` (a
# tfree whose split differs from its pop's), `odd_halves` (the lanes push
# halves of different shapes), `lanes_race` (a lone dual AIV function whose
# lanes store the same rows), `lone_dual` (the same storing each lane's rows),
# `syncall_one_lane` (AIV1 skips a mix syncall).
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class DualFifo:
    @pl.function(type=pl.FunctionType.AIC)
    def push_a(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        c2v_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="c2v_slot_buffer", peer_func="c2v_both_aiv")
        pl.system.aic_initialize_pipe(c2v_import, 0, dir_mask=1, slot_size=1024, slot_num=2)
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(t)

    @pl.function(type=pl.FunctionType.AIV)
    def c2v_both_aiv(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v_slot_buffer", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(c2v_buf, 0, dir_mask=1, slot_size=1024, slot_num=2)
        x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        pl.tile.store(x, [lane * 16, 0], out)
        pl.system.tfree_to_aic(x)

    @pl.function(type=pl.FunctionType.Group)
    def c2v_both(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        self.push_a(a, out)
        self.c2v_both_aiv(a, out)

    @pl.function(type=pl.FunctionType.AIC)
    def push_twice(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        c2v_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="c2v_slot_buffer", peer_func="c2v_one_free_aiv")
        pl.system.aic_initialize_pipe(c2v_import, 0, dir_mask=1, slot_size=1024, slot_num=1)
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(t)
        pl.tile.tpush_to_aiv(t)

    @pl.function(type=pl.FunctionType.AIV)
    def c2v_one_free_aiv(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v_slot_buffer", size=1024, base=-1)
        pl.system.aiv_initialize_pipe(c2v_buf, 0, dir_mask=1, slot_size=1024, slot_num=1)
        x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        if lane == 0:
            pl.system.tfree_to_aic(x)
        y: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        pl.system.tfree_to_aic(y)

    @pl.function(type=pl.FunctionType.Group)
    def c2v_one_free(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        self.push_twice(a, out)
        self.c2v_one_free_aiv(a, out)

    @pl.function(type=pl.FunctionType.AIC)
    def pop_to_out(self, a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        v2c_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="v2c_slot_buffer", size=2048, base=-1)
        pl.system.aic_initialize_pipe(0, v2c_buf, dir_mask=2, slot_size=1024, slot_num=2)
        y: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Mat] = pl.tile.tpop_from_aiv()
        pl.tile.store(y, [0, 0], out)
        pl.system.tfree_to_aiv(y)

    @pl.function(type=pl.FunctionType.AIV)
    def v2c_both_aiv(self, a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        v2c_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="v2c_slot_buffer", peer_func="pop_to_out")
        pl.system.aiv_initialize_pipe(0, v2c_import, dir_mask=2, slot_size=1024, slot_num=2)
        x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [lane * 16, 0], [16, 16])
        pl.tile.tpush_to_aic(x)

    @pl.function(type=pl.FunctionType.Group)
    def v2c_both(self, a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        self.pop_to_out(a, out)
        self.v2c_both_aiv(a, out)

    @pl.function(type=pl.FunctionType.AIV)
    def v2c_one_push_aiv(self, a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        v2c_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="v2c_slot_buffer", peer_func="pop_to_out")
        pl.system.aiv_initialize_pipe(0, v2c_import, dir_mask=2, slot_size=1024, slot_num=2)
        x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [lane * 16, 0], [16, 16])
        if lane == 0:
            pl.tile.tpush_to_aic(x)

    @pl.function(type=pl.FunctionType.Group)
    def v2c_one_push(self, a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        self.pop_to_out(a, out)
        self.v2c_one_push_aiv(a, out)

    @pl.function(type=pl.FunctionType.AIC)
    def push_split(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c2v_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="c2v_slot_buffer", peer_func="push_pop_code_aiv")
        pl.system.aic_initialize_pipe(c2v_import, 0, dir_mask=1, slot_size=1024, slot_num=2)
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(t, split=1)

    @pl.function(type=pl.FunctionType.AIV)
    def push_pop_code_aiv(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v_slot_buffer", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(c2v_buf, 0, dir_mask=1, slot_size=1024, slot_num=2)
        x: pl.Tile[[8, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic(split=2)
        pl.system.tfree_to_aic(x, split=2)

    @pl.function(type=pl.FunctionType.Group)
    def push_pop_code(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        self.push_split(a, out)
        self.push_pop_code_aiv(a, out)

    @pl.function(type=pl.FunctionType.AIV)
    def free_code_aiv(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v_slot_buffer", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(c2v_buf, 0, dir_mask=1, slot_size=1024, slot_num=2)
        x: pl.Tile[[8, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic(split=1)
        pl.system.tfree_to_aic(x, split=2)

    @pl.function(type=pl.FunctionType.Group)
    def free_code(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        self.push_split(a, out)
        self.free_code_aiv(a, out)

    @pl.function(type=pl.FunctionType.AIC)
    def push_mixed(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c2v_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="c2v_slot_buffer", peer_func="mixed_class_aiv")
        pl.system.aic_initialize_pipe(c2v_import, 0, dir_mask=1, slot_size=1024, slot_num=2)
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(t)
        pl.tile.tpush_to_aiv(t, split=1)

    @pl.function(type=pl.FunctionType.AIV)
    def mixed_class_aiv(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v_slot_buffer", size=2048, base=-1)
        pl.system.aiv_initialize_pipe(c2v_buf, 0, dir_mask=1, slot_size=1024, slot_num=2)
        x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        pl.system.tfree_to_aic(x)
        y: pl.Tile[[8, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic(split=1)
        pl.system.tfree_to_aic(y, split=1)

    @pl.function(type=pl.FunctionType.Group)
    def mixed_class(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        self.push_mixed(a, out)
        self.mixed_class_aiv(a, out)

    @pl.function(type=pl.FunctionType.AIC)
    def pop_joined(self, a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        v2c_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="v2c_slot_buffer", size=2048, base=-1)
        pl.system.aic_initialize_pipe(0, v2c_buf, dir_mask=2, slot_size=1024, slot_num=2)
        y: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Mat] = pl.tile.tpop_from_aiv(split=1)
        pl.system.tfree_to_aiv(y, split=1)

    @pl.function(type=pl.FunctionType.AIV)
    def odd_halves_aiv(self, a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        v2c_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="v2c_slot_buffer", peer_func="pop_joined")
        pl.system.aiv_initialize_pipe(0, v2c_import, dir_mask=2, slot_size=1024, slot_num=2)
        if lane == 0:
            x: pl.Tile[[8, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 16])
            pl.tile.tpush_to_aic(x, split=1)
        else:
            z: pl.Tile[[4, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [8, 0], [4, 16])
            pl.tile.tpush_to_aic(z, split=1)

    @pl.function(type=pl.FunctionType.Group)
    def odd_halves(self, a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        self.pop_joined(a, out)
        self.odd_halves_aiv(a, out)

    @pl.function(type=pl.FunctionType.AIV)
    def lanes_race(self, a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [lane * 16, 0], [16, 16])
        pl.tile.store(x, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIV)
    def lone_dual(self, a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        x: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [lane * 16, 0], [16, 16])
        y: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.muls(x, 2.0)
        pl.tile.store(y, [lane * 16, 0], out)

    @pl.function(type=pl.FunctionType.AIC)
    def syncall_aic(self, a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        pl.system.syncall(core_type="mix")

    @pl.function(type=pl.FunctionType.AIV)
    def syncall_one_lane_aiv(self, a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        if lane == 0:
            pl.system.syncall(core_type="mix")

    @pl.function(type=pl.FunctionType.Group)
    def syncall_one_lane(self, a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        self.syncall_aic(a, out)
        self.syncall_one_lane_aiv(a, out)
