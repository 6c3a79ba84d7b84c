# Acceptance case 15 (C9): split and no-split transfers in one kernel: an error at
# the second, a note at the first.
# RUN: not ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=text 2>&1 | FileCheck %s
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
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(c)
            pl.tile.store(h, [lane * 16, 0], out)
        for lane2 in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            w = pl.aiv_shard(c)
            if lane2 == 0:
                pl.tile.store(w, [0, 0], out)

# CHECK: split_mixed_classes_error.py:26:13: error: in kernel 'k': split and no-split transfers in one kernel
# CHECK: split_mixed_classes_error.py:23:13: note: the first transfer of the kernel
