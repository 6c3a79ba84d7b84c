# A slice that no converted op computes with stays a GM view (tile.load
# reads it), while the kernel's tensor op is converted.
# RUN: ptoc %s --passes=convert-tensor-to-tile-ops --emit=text | FileCheck %s
# CHECK: sub = pl.tensor.slice(x, [16, 16], [16, 0])
# CHECK-NEXT: t: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(sub, [0, 0], [16, 16])
# CHECK: y_tile: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.add(x2_tile, x2_tile)
import pypto.language as pl


@pl.program
class SliceView:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        x: pl.Tensor[[32, 16], pl.FP32],
        x2: pl.Tensor[[16, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        sub = pl.tensor.slice(x, [16, 16], [16, 0])
        t = pl.load(sub, [0, 0], [16, 16])
        pl.store(t, [0, 0], out)
        y = pl.add(x2, x2)
        return y
