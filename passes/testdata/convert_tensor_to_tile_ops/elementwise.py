# A tensor op in a kernel computes on tiles: the tensor parameter it reads
# is loaded whole into Vec at the kernel's entry (`x_tile`), the op becomes
# its tile op (`y_tile`), and the returned tile is stored into a new Out
# parameter `ret0_out`; the orchestration creates that tensor before the
# call and passes it (PyPTO's ConvertTensorToTileOps example).
# RUN: ptoc %s --passes=convert-tensor-to-tile-ops --emit=text | FileCheck %s
# RUN: ptoc %s -o %t.pto
# CHECK: def k(self, x: pl.Tensor{{\[\[}}64], pl.FP32], ret0_out: pl.Out[pl.Tensor{{\[\[}}64], pl.FP32]]) -> pl.Tensor{{\[\[}}64], pl.FP32]:
# CHECK-NEXT: x_tile: pl.Tile{{\[\[}}64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0], [64], [64])
# CHECK-NEXT: y_tile: pl.Tile{{\[\[}}64], pl.FP32, pl.Mem.Vec] = pl.tile.add(x_tile, x_tile)
# CHECK-NEXT: z_tile: pl.Tile{{\[\[}}64], pl.FP32, pl.Mem.Vec] = pl.tile.exp(y_tile)
# CHECK-NEXT: ret0_store = pl.tile.store(z_tile, [0], ret0_out)
# CHECK-NEXT: return ret0_store
# CHECK: def main(self, x: pl.Tensor{{\[\[}}64], pl.FP32]) -> pl.Tensor{{\[\[}}64], pl.FP32]:
# CHECK-NEXT: ret0_out = pl.tensor.create(shape=[64], dtype=pl.FP32)
# CHECK-NEXT: y = self.k(x, ret0_out)
# CHECK-NEXT: return y
import pypto.language as pl


@pl.program
class Elementwise:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        z: pl.Tensor[[64], pl.FP32] = pl.exp(y)
        return z

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = self.k(x)
        return y
