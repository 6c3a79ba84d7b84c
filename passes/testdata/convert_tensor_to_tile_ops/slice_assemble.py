# `out[0:64] = x[0:64]`: the nested slice is hoisted into a temporary (as
# PyPTO's FlattenCallExpr names it), loaded as a tile because the assemble
# stores it, and the assemble of a tile into GM is a tile.store that keeps
# the assignment's name (its value is the GM tensor).
# RUN: ptoc %s --passes=convert-tensor-to-tile-ops --emit=text | FileCheck %s
# RUN: ptoc %s -o %t.pto
# CHECK: t__tmp_v0_tile: pl.Tile{{\[\[}}32], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [32], [32], [32])
# CHECK-NEXT: out_1 = pl.tile.store(t__tmp_v0_tile, [0], out)
# CHECK-NOT: tensor.
import pypto.language as pl


@pl.program
class SliceAssemble:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[32], pl.FP32]]):
        out[0:32] = x[32:64]
