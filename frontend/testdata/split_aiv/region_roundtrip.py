# Acceptance case 01 (region-roundtrip): a region prints as its header, the
# lane binding and the shard's inherited split= are not printed, and print ->
# parse -> print is a fixed point at any nesting (for, if, while); the
# proto keeps the region (.pb round trip prints the same text).
# RUN: ptoc %s --passes= --emit=text > %t.1
# RUN: ptoc %t.1 --passes= --emit=text > %t.2
# RUN: diff %t.1 %t.2
# RUN: ptoc %s --passes= --emit=pb -o %t.pb
# RUN: ptoc %t.pb --passes= --emit=text > %t.3
# RUN: diff %t.1 %t.3
# RUN: FileCheck %s < %t.1
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
        for i in pl.range(2):
            if i == 0:
                for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
                    h: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.aiv_shard(c, split=1)
                    r = pl.tile.relu(h)
                    pl.tile.store(r, [aiv_id * 16, 0], out)
        n: pl.Scalar[pl.INDEX] = 0
        while n < 1:
            for lane in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
                g = pl.aiv_shard(c)
                pl.tile.store(g, [0, lane * 8], out)
            break
        for lane2 in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            g0 = pl.aiv_shard(c)
            if lane2 == 0:
                pl.tile.store(g0, [0, 0], out)

# CHECK: for i in pl.range(2):
# CHECK-NEXT: if i == 0:
# CHECK-NEXT: for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
# CHECK-NEXT: h: pl.Tile{{.}}[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(c)
# CHECK: for lane in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
# CHECK-NEXT: pl.Tile{{.}}[32, 8], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(c)
# CHECK: for lane2 in pl.split_aiv(2, mode=pl.SplitMode.NONE):
# CHECK-NEXT: pl.Tile{{.}}[32, 16], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(c)
