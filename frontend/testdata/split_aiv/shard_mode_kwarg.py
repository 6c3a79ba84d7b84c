# Acceptance case 04: a shard takes no mode= (it inherits the region's).
# RUN: not ptoc %s --passes= --emit=text 2>&1 | FileCheck %s
import pypto.language as pl


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
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(c, mode=pl.SplitMode.UP_DOWN)

# CHECK: shard_mode_kwarg.py:21:33: error: 'tile.aiv_shard' takes no mode=
