# tensor.read / tensor.write of a GM tensor stay GM accesses; of a tensor
# that became a tile (a parameter loaded at the entry, a computed value)
# they are tile.read / tile.write, as in PyPTO.
# RUN: ptoc %s --passes=convert-tensor-to-tile-ops --emit=text | FileCheck %s
# CHECK: c: pl.Scalar[pl.INT32] = pl.tensor.read(flags, [1])
# CHECK-NEXT: s: pl.Scalar[pl.FP32] = pl.tile.read(x_tile, [0, 0])
# CHECK-NEXT: y_tile: pl.Tile{{\[\[}}16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(x_tile, s)
# CHECK-NEXT: v: pl.Scalar[pl.FP32] = pl.tile.read(y_tile, [1, 1])
# CHECK-NEXT: pl.tile.write(y_tile, [0, 0], v)
# CHECK-NEXT: pl.tensor.write(flags, [0], c)
import pypto.language as pl


@pl.program
class ReadWrite:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], flags: pl.InOut[pl.Tensor[[8], pl.INT32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        c: pl.Scalar[pl.INT32] = pl.tensor.read(flags, [1])
        s: pl.Scalar[pl.FP32] = pl.tensor.read(x, [0, 0])
        y = pl.adds(x, s)
        v: pl.Scalar[pl.FP32] = pl.tensor.read(y, [1, 1])
        pl.tensor.write(y, [0, 0], v)
        pl.tensor.write(flags, [0], c)
        return y
