# A slice is kept while a statement other than a copy reads it: here the
# add reads the Vec window (a view, as written) and the extract of the same
# window reads the source directly. A slice with a valid_shape is not a
# plain window and is left as written, extract included.
# RUN: ptoc %s --passes= --emit=pb -o %t.pb
# RUN: canonicalize-tile-slice %t.pb -o %t.out.pb
# RUN: ptoc %t.out.pb --passes= --emit=text | FileCheck %s
# CHECK-LABEL: def k(
# CHECK: top: {{.*}} = pl.tile.slice(x, [8, 64], [0, 0])
# CHECK: y: {{.*}} = pl.tile.add(top, top)
# CHECK: w: {{.*}} = pl.tile.extract(x, 2, 0, [4, 64], target_memory=pl.Mem.Vec)
# CHECK: part: {{.*}} = pl.tile.slice(x, [8, 64], [8, 0], [4, 64])
# CHECK: z: {{.*}} = pl.tile.extract(part, 0, 0, [4, 64], target_memory=pl.Mem.Vec)
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, v: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[8, 64], pl.FP32]],
          wout: pl.Out[pl.Tensor[[4, 64], pl.FP32]], zout: pl.Out[pl.Tensor[[4, 64], pl.FP32]]):
        x: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(v, [0, 0], [16, 64])
        top: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.slice(x, [8, 64], [0, 0])
        y: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(top, top)
        pl.tile.store(y, [0, 0], out)
        w: pl.Tile[[4, 64], pl.FP32, pl.Mem.Vec] = pl.tile.extract(top, 2, 0, shape=[4, 64], target_memory=pl.Mem.Vec)
        pl.tile.store(w, [0, 0], wout)
        part: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.slice(x, [8, 64], [8, 0], [4, 64])
        z: pl.Tile[[4, 64], pl.FP32, pl.Mem.Vec] = pl.tile.extract(part, 0, 0, shape=[4, 64], target_memory=pl.Mem.Vec)
        pl.tile.store(z, [0, 0], zout)
