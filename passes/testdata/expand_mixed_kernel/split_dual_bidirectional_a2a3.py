# Acceptance case 13: a gather and a shard in two regions on a2a3: dir_mask=3,
# one lane binding for both regions, split=1 in both directions.
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[32, 16], pl.FP16],
        b: pl.Tensor[[16, 16], pl.FP16],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        bm: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        br: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(bm, target_memory=pl.MemorySpace.Right)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            xv: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(x, [lane * 16, 0], [16, 16])
            g: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.aic_gather(xv)
        gl: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(g, target_memory=pl.MemorySpace.Left)
        acc = pl.tile.matmul(gl, br)
        for lane2 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.aiv_shard(acc)
            pl.tile.store(h, [lane2 * 16, 0], out)

# CHECK-LABEL: def k_aic(
# CHECK: dir_mask=3, slot_size=2048
# CHECK: pl.tile.tpop_from_aiv(split=1)
# CHECK: pl.tile.tpush_to_aiv(acc, split=1)
# CHECK-LABEL: def k_aiv(
# CHECK: lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK-NOT: get_subblock_idx
# CHECK: pl.tile.tpush_to_aic(xv, split=1)
# CHECK: pl.tile.tpop_from_aic(split=1)
# CHECK: pl.tile.store(h, [lane * 16, 0], out)
