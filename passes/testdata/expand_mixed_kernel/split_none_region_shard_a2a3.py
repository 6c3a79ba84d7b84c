# Acceptance case 09: a NONE region on a2a3: split=0, each lane pops the whole
# tile; the store is lane-qualified (C12) so only AIV0 writes.
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=text | FileCheck %s
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

# CHECK-LABEL: def k_aic(
# CHECK: slot_size=2048
# CHECK: pl.tile.tpush_to_aiv(c)
# CHECK-LABEL: def k_aiv(
# CHECK: h: pl.Tile{{.}}[32, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic()
# CHECK: if lane == 0:
