# A vector tile moved into Left crosses the lanes: the AIV pushes it (on a5
# after converting it to the NZ layout the FIFO carries), the AIC pops it as
# a Mat tile (implicit NZ) and moves it to Left, then frees the slot after
# that last use. A destination with a non-implicit view gets explicit
# layouts on that move.
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a2a3 --emit=text | FileCheck %s --check-prefixes=CHECK,A2A3
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a5 --emit=text | FileCheck %s --check-prefixes=CHECK,A5
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class MoveToLeft:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 32], pl.FP16],
        b: pl.Tensor[[32, 16], pl.FP16],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ):
        av = pl.tile.load(a, [0, 0], [16, 32])
        al = pl.tile.move(av, target_memory=pl.MemorySpace.Left)
        bv = pl.tile.load(b, [0, 0], [32, 16])
        bm = pl.tile.move(bv, target_memory=pl.MemorySpace.Mat, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box)
        br = pl.tile.move(bm, target_memory=pl.MemorySpace.Right)
        c = pl.tile.matmul(al, br)
        pl.tile.store(c, [0, 0], out)

# CHECK-LABEL: def k_aic(
# CHECK: v2c_buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="k_v2c_slot_buffer", size=2048)
# CHECK-NEXT: pl.system.aic_initialize_pipe(0, v2c_buf, dir_mask=2, slot_size=1024)
# CHECK-NEXT: al_mat: pl.Tile{{\[\[}}16, 32], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv()
# CHECK-NEXT: al: pl.Tile{{\[\[}}16, 32], pl.FP16, pl.Mem.Left] = pl.tile.move(al_mat, target_memory=pl.Mem.Left)
# CHECK-NEXT: pl.system.tfree_to_aiv(al_mat)
# CHECK-NEXT: bm_mat: pl.Tile{{\[\[}}32, 16], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv()
# CHECK-NEXT: bm: {{.*}} = pl.tile.move(
# CHECK-NEXT: bm_mat, target_memory=pl.Mem.Mat, blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.none_box
# CHECK-NEXT: )
# CHECK-NEXT: pl.system.tfree_to_aiv(bm_mat)
# CHECK-NEXT: br: {{.*}} = pl.tile.move(bm, target_memory=pl.Mem.Right)
# CHECK-NEXT: c: {{.*}} = pl.tile.matmul(al, br)
# CHECK-LABEL: def k_aiv(
# CHECK: pl.system.aiv_initialize_pipe(0, v2c_import, dir_mask=2, slot_size=1024)
# CHECK-NEXT: av: {{.*}} = pl.tile.load(a, [0, 0], [16, 32])
# A2A3-NEXT: pl.tile.tpush_to_aic(av)
# A5-NEXT: av_nz: pl.Tile{{\[\[}}16, 32], pl.FP16, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.move(
# A5-NEXT: av, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major
# A5-NEXT: )
# A5-NEXT: pl.tile.tpush_to_aic(av_nz)
# CHECK-NEXT: bv: {{.*}} = pl.tile.load(b, [0, 0], [32, 16])
# A2A3-NEXT: pl.tile.tpush_to_aic(bv)
# A5-NEXT: bv_nz: {{.*}} = pl.tile.move(
# A5-NEXT: bv, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major
# A5-NEXT: )
# A5-NEXT: pl.tile.tpush_to_aic(bv_nz)
# CHECK-NOT: pl.tile
