# Acceptance case 08: an UP_DOWN gather on a5. Each lane pushes its NZ half
# (the adapter on the half) with split=1; the cube pops the joined [32, 16]
# Mat tile; slot_size counts the split axis doubled (32 x 16 x 2 = 1024).
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
        out: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
    ):
        bm: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(b, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        br: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Right] = pl.tile.move(bm, target_memory=pl.MemorySpace.Right)
        for lane in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            xv: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(x, [lane * 16, 0], [16, 16])
            xe = pl.tile.exp(xv)
            g: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Mat] = pl.aic_gather(xe)
        gl: pl.Tile[[32, 16], pl.FP16, pl.MemorySpace.Left] = pl.tile.move(g, target_memory=pl.MemorySpace.Left)
        acc = pl.tile.matmul(gl, br)
        pl.tile.store(acc, [0, 0], out)

# CHECK-LABEL: def k_aic(
# CHECK: pl.system.aic_initialize_pipe(0, {{.*}}, dir_mask=2, slot_size=1024)
# CHECK: g: pl.Tile{{.}}[32, 16], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1)
# CHECK: pl.tile.move(g, target_memory=pl.Mem.Left)
# CHECK: pl.system.tfree_to_aiv(g, split=1)
# CHECK-LABEL: def k_aiv(
# CHECK: lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
# CHECK: pl.tile.load(x, [lane * 16, 0], [16, 16])
# CHECK: xe_nz: pl.Tile{{.}}[16, 16], pl.FP16, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.move(
# CHECK-NEXT: xe, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major
# CHECK-NEXT: )
# CHECK-NEXT: pl.tile.tpush_to_aic(xe_nz, split=1)
