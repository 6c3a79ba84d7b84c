# Acceptance case 10 (C10): on a5 a no-split transfer reaches AIV lane 0 only:
# an error at the transfer with a note at its region.
# RUN: not ptoc %s --passes=expand-mixed-kernel --backend=a5 --emit=text 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
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
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            h: pl.Tile[[32, 16], pl.FP32, pl.MemorySpace.Vec] = pl.aiv_shard(c)
            if lane == 0:
                pl.tile.store(h, [0, 0], out)

# CHECK: split_none_region_shard_a5_error.py:23:13: error: in kernel 'k': on a5 a no-split transfer reaches AIV lane 0 only
# CHECK: split_none_region_shard_a5_error.py:22:9: note: the pl.split_aiv region
