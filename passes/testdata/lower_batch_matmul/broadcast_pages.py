# The batch dims broadcast as NumPy's matmul does: [2, 1] x [1, 3] pages
# make 2 x 3 products, in row-major order; an operand's dim of size 1 gives
# its page 0 to every index of that dim. The window's offsets are added to
# (the pages of a window at [0, 0, 16, 0] of a larger tensor), and a load
# written without a memory space reads its pages into Mat (where PyPTO's
# memory inference puts a matmul operand's load).
# RUN: ptoc %s --passes= --emit=pb -o %t.pb
# RUN: lower-batch-matmul %t.pb -o %t.out.pb
# RUN: ptoc %t.out.pb --passes= --emit=text | FileCheck %s
# RUN: ptoc %s --backend=a2a3 --emit=cce -o /dev/null
# CHECK-LABEL: def main_incore_0(
# CHECK: lhs_tile_0: {{.*}} = pl.tile.load(lhs, [0, 0, 16, 0], [1, 1, 16, 64], target_memory=pl.Mem.Mat)
# CHECK: rhs_tile_0: {{.*}} = pl.tile.load(rhs, [0, 0, 0, 0], [1, 1, 64, 32], target_memory=pl.Mem.Mat)
# CHECK: out_0_0 = pl.tile.store(out_tile_0, [0, 0, 0, 0], out_0, [1, 1, 16, 32])
# CHECK: lhs_tile_1: {{.*}} = pl.tile.load(lhs, [0, 0, 16, 0], [1, 1, 16, 64], target_memory=pl.Mem.Mat)
# CHECK: rhs_tile_1: {{.*}} = pl.tile.load(rhs, [0, 1, 0, 0], [1, 1, 64, 32], target_memory=pl.Mem.Mat)
# CHECK: out_0_1 = pl.tile.store(out_tile_1, [0, 1, 0, 0], out_0_0, [1, 1, 16, 32])
# CHECK: lhs_tile_3: {{.*}} = pl.tile.load(lhs, [1, 0, 16, 0], [1, 1, 16, 64], target_memory=pl.Mem.Mat)
# CHECK: rhs_tile_3: {{.*}} = pl.tile.load(rhs, [0, 0, 0, 0], [1, 1, 64, 32], target_memory=pl.Mem.Mat)
# CHECK: out_0_5 = pl.tile.store(out_tile_5, [1, 2, 0, 0], out_0_4, [1, 1, 16, 32])
# CHECK-NEXT: return out_0_5
import pypto.language as pl


@pl.program
class Before:
    @pl.function(type=pl.FunctionType.InCore)
    def main_incore_0(
        self,
        lhs: pl.Tensor[[2, 1, 32, 64], pl.FP16],
        rhs: pl.Tensor[[1, 3, 64, 32], pl.FP16],
        out_0: pl.Out[pl.Tensor[[2, 3, 16, 32], pl.FP32]],
    ) -> pl.Tensor[[2, 3, 16, 32], pl.FP32]:
        lhs_tile: pl.Tile[[2, 1, 16, 64], pl.FP16] = pl.load(lhs, [0, 0, 16, 0], [2, 1, 16, 64])
        rhs_tile: pl.Tile[[1, 3, 64, 32], pl.FP16] = pl.load(rhs, [0, 0, 0, 0], [1, 3, 64, 32], target_memory=pl.MemorySpace.Mat)
        out_tile: pl.Tile[[2, 3, 16, 32], pl.FP32] = pl.tile.batch_matmul(lhs_tile, rhs_tile)
        out_0 = pl.store(out_tile, [0, 0, 0, 0], out_0)
        return out_0
