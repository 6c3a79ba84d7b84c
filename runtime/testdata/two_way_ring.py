# Two tiles in flight each way through one two-way pipe (comm-hazards.md
# H3, a2a3): the cube pushes two matmul results before it pops anything,
# and the vector lane pushes two tiles of its own before it pops the cube's.
# On a2a3 the pipe's FIFO goes through GM, one ring per direction: the V2C
# ring follows the C2V ring in gm_pipe_buffer, where pto-isa's TPipe puts
# it. With both rings at the pipe's base (`ptoc-sim --gm-ring-layout=shared`,
# pto-isa before d2b30a84) each direction's slots 0 and 1 are the other's,
# and the later push of each pair overwrites a tile still in flight.
# slot_num=4, not 2: pto-isa's CPU simulation shares a two-way pipe's
# SlotNum slots between the directions (its NPU code has a ring each), so
# four tiles in flight need four slots there.
# out_c = [2x0; x1*x1] @ w (rows 0-15, 16-31), out_v = a @ b0 + a @ b1.
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class TwoWayRing:
    @pl.function(type=pl.FunctionType.AIC)
    def two_way_aic(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16], x: pl.Tensor[[32, 16], pl.FP32], w: pl.Tensor[[16, 16], pl.FP32], out_c: pl.Out[pl.Tensor[[32, 16], pl.FP32]], out_v: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        v2c_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="two_way_v2c_slot_buffer", size=4096, base=-1)
        c2v_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="two_way_c2v_slot_buffer", peer_func="two_way_aiv")
        pl.system.aic_initialize_pipe(c2v_import, v2c_buf, dir_mask=3, slot_size=1024, slot_num=4)
        am: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        al: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(am, target_memory=pl.MemorySpace.Left)
        b0m: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        b0r: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(b0m, target_memory=pl.MemorySpace.Right)
        s0: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(al, b0r)
        pl.tile.tpush_to_aiv(s0)
        b1m: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [16, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        b1r: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(b1m, target_memory=pl.MemorySpace.Right)
        s1: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(al, b1r)
        pl.tile.tpush_to_aiv(s1)
        p0m: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Mat] = pl.tile.tpop_from_aiv()
        p1m: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Mat] = pl.tile.tpop_from_aiv()
        wm: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Mat] = pl.tile.load(w, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        wr: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Right] = pl.tile.move(wm, target_memory=pl.MemorySpace.Right)
        p0l: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Left] = pl.tile.move(p0m, target_memory=pl.MemorySpace.Left)
        o0: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(p0l, wr)
        pl.tile.store(o0, [0, 0], out_c)
        p1l: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Left] = pl.tile.move(p1m, target_memory=pl.MemorySpace.Left)
        o1: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(p1l, wr)
        pl.tile.store(o1, [16, 0], out_c)
        pl.system.tfree_to_aiv(p0m)
        pl.system.tfree_to_aiv(p1m)

    @pl.function(type=pl.FunctionType.AIV)
    def two_way_aiv(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16], x: pl.Tensor[[32, 16], pl.FP32], w: pl.Tensor[[16, 16], pl.FP32], out_c: pl.Out[pl.Tensor[[32, 16], pl.FP32]], out_v: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        v2c_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="two_way_v2c_slot_buffer", peer_func="two_way_aic")
        c2v_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="two_way_c2v_slot_buffer", size=4096, base=-1)
        pl.system.aiv_initialize_pipe(c2v_buf, v2c_import, dir_mask=3, slot_size=1024, slot_num=4)
        x0: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [16, 16])
        y0: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.add(x0, x0)
        pl.tile.tpush_to_aic(y0)
        x1: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [16, 0], [16, 16])
        y1: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.mul(x1, x1)
        pl.tile.tpush_to_aic(y1)
        s0: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        s1: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
        r: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.add(s0, s1)
        pl.tile.store(r, [0, 0], out_v)
        pl.system.tfree_to_aic(s0)
        pl.system.tfree_to_aic(s1)

    @pl.function(type=pl.FunctionType.Group)
    def two_way(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[32, 16], pl.FP16], x: pl.Tensor[[32, 16], pl.FP32], w: pl.Tensor[[16, 16], pl.FP32], out_c: pl.Out[pl.Tensor[[32, 16], pl.FP32]], out_v: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        self.two_way_aic(a, b, x, w, out_c, out_v)
        self.two_way_aiv(a, b, x, w, out_c, out_v)
