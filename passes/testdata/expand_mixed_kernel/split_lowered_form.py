# The lowered form (split_aiv=True, explicit split=, the lane read with
# tile.get_subblock_idx) is expanded like a region kernel.
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
    def k(
        self,
        a: pl.Tensor[[32, 32], pl.FP16],
        b: pl.Tensor[[32, 16], pl.FP16],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        am: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [32, 32], target_memory=pl.MemorySpace.Mat)
        al: pl.Tile[[32, 32], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(am, target_memory=pl.MemorySpace.Left)
        bm: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        br: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(bm, target_memory=pl.MemorySpace.Right)
        c: pl.Tile[[32, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(al, br)
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
        h: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.aiv_shard(c, split=1)
        pl.tile.store(h, [lane * 16, 0], out)

# CHECK-LABEL: def k_aic(
# CHECK: pl.tile.tpush_to_aiv(c, split=1)
# CHECK-LABEL: def k_aiv(
# CHECK: pl.tile.tpop_from_aic(split=1)
# CHECK: pl.tile.store(h, [lane * 16, 0], out)
