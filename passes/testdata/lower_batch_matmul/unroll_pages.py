# A batched matmul of two loaded [2, ...] tiles, stored whole: one 2-D
# matmul per batch page, each page of the operands loaded from GM as a tile
# of its own and each product stored into its page of the result (with the
# region of one page); the whole loads, then unused, are dropped. The
# kernel then compiles for ptoas: one TMATMUL per page.
# RUN: ptoc %s --passes= --emit=pb -o %t.pb
# RUN: lower-batch-matmul %t.pb -o %t.out.pb
# RUN: ptoc %t.out.pb --passes= --emit=text | FileCheck %s
# RUN: ptoc %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# CHECK-LABEL: def main_incore_0(
# CHECK-NOT: batch_matmul
# CHECK: lhs_tile_0: {{.*}} = pl.tile.load(lhs, [0, 0, 0], [1, 16, 128], target_memory=pl.Mem.Mat)
# CHECK-NEXT: rhs_tile_0: {{.*}} = pl.tile.load(rhs, [0, 0, 0], [1, 128, 64], target_memory=pl.Mem.Mat)
# CHECK-NEXT: mm_tile_0: {{.*}} = pl.tile.matmul(lhs_tile_0, rhs_tile_0)
# CHECK-NEXT: out_0_0 = pl.tile.store(mm_tile_0, [0, 0, 0], out_0, [1, 16, 64])
# CHECK-NEXT: lhs_tile_1: {{.*}} = pl.tile.load(lhs, [1, 0, 0], [1, 16, 128], target_memory=pl.Mem.Mat)
# CHECK-NEXT: rhs_tile_1: {{.*}} = pl.tile.load(rhs, [1, 0, 0], [1, 128, 64], target_memory=pl.Mem.Mat)
# CHECK-NEXT: mm_tile_1: {{.*}} = pl.tile.matmul(lhs_tile_1, rhs_tile_1)
# CHECK-NEXT: out_0_1 = pl.tile.store(mm_tile_1, [1, 0, 0], out_0_0, [1, 16, 64])
# CHECK-NEXT: return out_0_1
# PTO: pto.tmatmul
# PTO: pto.tmatmul
# PTO-NOT: pto.tmatmul
import pypto.language as pl


@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(
        self,
        lhs: pl.Tensor[[2, 16, 128], pl.FP16],
        rhs: pl.Tensor[[2, 128, 64], pl.FP16],
        out_0: pl.Out[pl.Tensor[[2, 16, 64], pl.FP32]],
    ) -> pl.Tensor[[2, 16, 64], pl.FP32]:
        lhs_tile: pl.Tile[[2, 16, 128], pl.FP16] = pl.load(lhs, [0, 0, 0], [2, 16, 128], target_memory=pl.MemorySpace.Mat)
        rhs_tile: pl.Tile[[2, 128, 64], pl.FP16] = pl.load(rhs, [0, 0, 0], [2, 128, 64], target_memory=pl.MemorySpace.Mat)
        mm_tile: pl.Tile[[2, 16, 64], pl.FP32] = pl.tile.batch_matmul(lhs_tile, rhs_tile)
        out_0 = pl.store(mm_tile, [0, 0, 0], out_0)
        return out_0
