# Acceptance case 07: a LEFT_RIGHT shard on a5 (64 columns, a multiple of 32): split=2,
# each lane pops [16, 32].
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a5 --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 32], pl.FP16],
        b: pl.Tensor[[32, 64], pl.FP16],
        out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ):
        am: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [16, 32], target_memory=pl.MemorySpace.Mat)
        al: pl.Tile[[16, 32], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(am, target_memory=pl.MemorySpace.Left)
        bm: pl.Tile[[32, 64], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [32, 64], target_memory=pl.MemorySpace.Mat)
        br: pl.Tile[[32, 64], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(bm, target_memory=pl.MemorySpace.Right)
        c: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Acc] = pl.tile.matmul(al, br)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
            h: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.aiv_shard(c)
            e = pl.tile.exp(h)
            pl.tile.store(e, [0, lane * 32], out)

# CHECK-LABEL: def k_aic(
# CHECK: slot_size=4096
# CHECK: pl.tile.tpush_to_aiv(c, split=2)
# CHECK-LABEL: def k_aiv(
# CHECK: lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK: h: pl.Tile{{.}}[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=2)
# CHECK: pl.system.tfree_to_aic(h, split=2)
# CHECK: pl.tile.store({{.*}}, [0, lane * 32], out)
