# Acceptance case 11: a V2C GM hand-off with two producers on a5. Both lanes
# store their rows of scratch; each fences and pushes the dedicated NZ token
# with split=1 (the class is split: no transfer); the cube pops the joined
# [32, 16] token, so it loads scratch only after both lanes' stores are fenced.
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a5 --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[32, 16], pl.FP16],
        b: pl.Tensor[[16, 16], pl.FP16],
        scratch: pl.InOut[pl.Tensor[[32, 16], pl.FP16]],
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        for lane in pl.split_aiv(2, mode=pl.SplitMode.NONE):
            xv: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(x, [lane * 16, 0], [16, 16])
            xe = pl.tile.exp(xv)
            pl.tile.store(xe, [lane * 16, 0], scratch)
        sm: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(scratch, [0, 0], [32, 16], target_memory=pl.MemorySpace.Mat)
        sl = pl.tile.move(sm, target_memory=pl.MemorySpace.Left)
        bm: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        br = pl.tile.move(bm, target_memory=pl.MemorySpace.Right)
        acc = pl.tile.matmul(sl, br)
        pl.tile.store(acc, [0, 0], out)

# CHECK-LABEL: def k_aic(
# CHECK: dir_mask=2, slot_size=1024
# CHECK: tok: pl.Tile{{.}}[32, 16], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1)
# CHECK-NEXT: pl.system.tfree_to_aiv(tok, split=1)
# CHECK-NEXT: sm: {{.*}} = pl.tile.load(scratch
# CHECK-LABEL: def k_aiv(
# CHECK: pl.tile.store({{.*}}, [lane * 16, 0], scratch)
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: tok: pl.Tile{{.}}[16, 16], pl.FP16, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.create(
# CHECK-NEXT: shape=[16, 16], dtype=pl.FP16, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major
# CHECK-NEXT: )
# CHECK-NEXT: pl.tile.tpush_to_aic(tok, split=1)
