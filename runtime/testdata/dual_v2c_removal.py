# examples/dual_v2c_handoff.py after expand-mixed-kernel (a5 form, which
# runs on both backends) with one lane's V2C token push or fence taken away:
# `no_push_aiv0` / `no_push_aiv1` (the cube's pop waits for that lane's
# token: a deadlock naming it), `no_fence_aiv0` / `no_fence_aiv1` (the cube
# reads that lane's rows of scratch before they reached GM: a stale read).
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class DualV2cRemoval:
    @pl.function(type=pl.FunctionType.AIC, attrs={"split_aiv": True})
    def handoff_aic(
        self,
        x: pl.Tensor[[32, 16], pl.FP16],
        w: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[32, 16], pl.FP16]],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        v2c_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="handoff_v2c_slot_buffer", size=2048)
        pl.system.aic_initialize_pipe(0, v2c_buf, dir_mask=2, slot_size=1024)
        tok: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.tpop_from_aiv(split=1)
        pl.system.tfree_to_aiv(tok, split=1)
        sm: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(scratch, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        sl: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(sm, target_memory=pl.MemorySpace.Left)
        wm: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(w, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        wr: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(wm, target_memory=pl.MemorySpace.Right)
        o: pl.Tile[[32, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(sl, wr)
        pl.tile.store(o, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIV, attrs={"split_aiv": True})
    def no_push_aiv0_aiv(
        self,
        x: pl.Tensor[[32, 16], pl.FP16],
        w: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[32, 16], pl.FP16]],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        v2c_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="handoff_v2c_slot_buffer", peer_func="handoff_aic")
        pl.system.aiv_initialize_pipe(0, v2c_import, dir_mask=2, slot_size=1024)
        xv: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(x, [lane * 16, 0], [16, 16])
        xs: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.muls(xv, 2.0)
        pl.tile.store(xs, [lane * 16, 0], scratch)
        pl.system.fence()
        tok: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.create(shape=[16, 16], dtype=pl.FP16, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)
        if lane == 1:
            pl.tile.tpush_to_aic(tok, split=1)

    @pl.function(type=pl.FunctionType.Group, attrs={"split_aiv": True})
    def no_push_aiv0(
        self,
        x: pl.Tensor[[32, 16], pl.FP16],
        w: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[32, 16], pl.FP16]],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        self.handoff_aic(x, w, scratch, out)
        self.no_push_aiv0_aiv(x, w, scratch, out)

    @pl.function(type=pl.FunctionType.AIV, attrs={"split_aiv": True})
    def no_push_aiv1_aiv(
        self,
        x: pl.Tensor[[32, 16], pl.FP16],
        w: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[32, 16], pl.FP16]],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        v2c_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="handoff_v2c_slot_buffer", peer_func="handoff_aic")
        pl.system.aiv_initialize_pipe(0, v2c_import, dir_mask=2, slot_size=1024)
        xv: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(x, [lane * 16, 0], [16, 16])
        xs: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.muls(xv, 2.0)
        pl.tile.store(xs, [lane * 16, 0], scratch)
        pl.system.fence()
        tok: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.create(shape=[16, 16], dtype=pl.FP16, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)
        if lane == 0:
            pl.tile.tpush_to_aic(tok, split=1)

    @pl.function(type=pl.FunctionType.Group, attrs={"split_aiv": True})
    def no_push_aiv1(
        self,
        x: pl.Tensor[[32, 16], pl.FP16],
        w: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[32, 16], pl.FP16]],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        self.handoff_aic(x, w, scratch, out)
        self.no_push_aiv1_aiv(x, w, scratch, out)

    @pl.function(type=pl.FunctionType.AIV, attrs={"split_aiv": True})
    def no_fence_aiv0_aiv(
        self,
        x: pl.Tensor[[32, 16], pl.FP16],
        w: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[32, 16], pl.FP16]],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        v2c_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="handoff_v2c_slot_buffer", peer_func="handoff_aic")
        pl.system.aiv_initialize_pipe(0, v2c_import, dir_mask=2, slot_size=1024)
        xv: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(x, [lane * 16, 0], [16, 16])
        xs: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.muls(xv, 2.0)
        pl.tile.store(xs, [lane * 16, 0], scratch)
        if lane == 1:
            pl.system.fence()
        tok: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.create(shape=[16, 16], dtype=pl.FP16, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)
        pl.tile.tpush_to_aic(tok, split=1)

    @pl.function(type=pl.FunctionType.Group, attrs={"split_aiv": True})
    def no_fence_aiv0(
        self,
        x: pl.Tensor[[32, 16], pl.FP16],
        w: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[32, 16], pl.FP16]],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        self.handoff_aic(x, w, scratch, out)
        self.no_fence_aiv0_aiv(x, w, scratch, out)

    @pl.function(type=pl.FunctionType.AIV, attrs={"split_aiv": True})
    def no_fence_aiv1_aiv(
        self,
        x: pl.Tensor[[32, 16], pl.FP16],
        w: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[32, 16], pl.FP16]],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        v2c_import: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="handoff_v2c_slot_buffer", peer_func="handoff_aic")
        pl.system.aiv_initialize_pipe(0, v2c_import, dir_mask=2, slot_size=1024)
        xv: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(x, [lane * 16, 0], [16, 16])
        xs: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.muls(xv, 2.0)
        pl.tile.store(xs, [lane * 16, 0], scratch)
        if lane == 0:
            pl.system.fence()
        tok: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.create(shape=[16, 16], dtype=pl.FP16, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)
        pl.tile.tpush_to_aic(tok, split=1)

    @pl.function(type=pl.FunctionType.Group, attrs={"split_aiv": True})
    def no_fence_aiv1(
        self,
        x: pl.Tensor[[32, 16], pl.FP16],
        w: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[32, 16], pl.FP16]],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        self.handoff_aic(x, w, scratch, out)
        self.no_fence_aiv1_aiv(x, w, scratch, out)
