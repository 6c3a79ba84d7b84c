# A loop-carried tensor that the body computes with is a tile from its
# initial value on: the parameter it starts from (through the copy
# `acc = x`) is loaded at the entry, the loop carries the tile, and its
# result is the returned tile.
# RUN: ptoc %s --passes=convert-tensor-to-tile-ops --emit=text | FileCheck %s
# RUN: ptoc %s -o %t.pto
# CHECK: x_tile: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 64], [16, 64])
# CHECK-NEXT: y_tile: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(y, [0, 0], [16, 64], [16, 64])
# CHECK-NEXT: acc: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec] = x_tile
# CHECK-NEXT: for i, (acc_1,) in pl.range(4, init_values=(acc,)):
# CHECK-NEXT: acc_tile: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(acc_1, y_tile)
# CHECK-NEXT: acc_2 = pl.yield_(acc_tile)
# CHECK-NEXT: ret0_store = pl.tile.store(acc_2, [0, 0], ret0_out)
# CHECK-NEXT: return ret0_store
import pypto.language as pl


@pl.program
class LoopCarry:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], y: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        acc = x
        for i in pl.range(4):
            acc = pl.add(acc, y)
        return acc
