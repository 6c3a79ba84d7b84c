# tensor.create in a kernel is a Vec tile.create; assembling a computed
# tile into it is tile.assemble, and the whole is stored once at the
# return. (Code generation does not lower tile.assemble yet.)
# RUN: ptoc %s --passes=convert-tensor-to-tile-ops --emit=text | FileCheck %s
# CHECK: src_tile: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(src, [0, 0], [16, 64], [16, 64])
# CHECK-NEXT: buf_tile: pl.Tile{{\[\[}}16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create(shape=[16, 128], dtype=pl.FP32)
# CHECK-NEXT: s_tile: pl.Tile{{\[\[}}16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(src_tile, src_tile)
# CHECK-NEXT: buf_tile_1: pl.Tile{{\[\[}}16, 128], pl.FP32, pl.Mem.Vec] = pl.tile.assemble(buf_tile, s_tile, [0, 64])
# CHECK-NEXT: ret0_store = pl.tile.store(buf_tile_1, [0, 0], ret0_out)
import pypto.language as pl


@pl.program
class CreateAssemble:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, src: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 128], pl.FP32]:
        buf = pl.create_tensor([16, 128], dtype=pl.FP32)
        s = pl.add(src, src)
        buf = pl.assemble(buf, s, [0, 64])
        return buf
