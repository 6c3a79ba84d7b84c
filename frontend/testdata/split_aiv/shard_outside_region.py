# Acceptance case 05: a shard outside every region of a function without split_aiv=True is a verify error.
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
        h = pl.aiv_shard(c, split=1)

# CHECK: shard_outside_region.py:20:13: error: 'tile.aiv_shard' is only allowed inside a pl.split_aiv region
