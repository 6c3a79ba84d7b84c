# An if whose branches give tiles has a tile result, which is returned
# through the added Out parameter.
# RUN: ptoc %s --passes=convert-tensor-to-tile-ops --emit=text | FileCheck %s
# RUN: ptoc %s -o %t.pto
# CHECK: if n > 0:
# CHECK-NEXT: y_tile: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.exp(x_tile)
# CHECK-NEXT: y = pl.yield_(y_tile)
# CHECK-NEXT: else:
# CHECK-NEXT: y_tile_1: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.neg(x_tile)
# CHECK-NEXT: y = pl.yield_(y_tile_1)
# CHECK-NEXT: ret0_store = pl.tile.store(y, [0, 0], ret0_out)
import pypto.language as pl


@pl.program
class IfTile:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INT32]) -> pl.Tensor[[16, 16], pl.FP32]:
        if n > 0:
            y = pl.exp(x)
        else:
            y = pl.neg(x)
        return y
