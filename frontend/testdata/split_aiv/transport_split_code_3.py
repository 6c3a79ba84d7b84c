# Split codes 3 and 4 (pto-isa's odd forms) are rejected in this version.
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
        pl.tile.tpush_to_aiv(c, split=3)

# CHECK: transport_split_code_3.py:20:39: error: split=3 on 'tile.tpush_to_aiv': ptoc accepts the split codes 0 (no split), 1 (TILE_UP_DOWN) and 2 (TILE_LEFT_RIGHT)
