# tile.reinterpret_view (tile, dtype[, shape]): the tile's bytes read as
# another element type (and shape). PTO-AS is PyPTO's pto.treshape into the
# result's type; C++ a Tile of the result's type at the tile's address
# (pto-isa's TRESHAPE refuses most pairs of element types).
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class Reinterpret:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[8, 16], pl.FP32], o1: pl.Out[pl.Tensor[[8, 16], pl.INT32]],
          o2: pl.Out[pl.Tensor[[8, 32], pl.INT16]]):
        x: pl.Tile[[8, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 16])
        i: pl.Tile[[8, 16], pl.INT32] = pl.tile.reinterpret_view(x, pl.INT32)
        h: pl.Tile[[8, 32], pl.INT16] = pl.tile.reinterpret_view(x, pl.INT16, shape=[8, 32])
        pl.tile.store(i, [0, 0], o1)
        pl.tile.store(h, [0, 0], o2)

# PTO: %i = pto.treshape %x : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, {{.*}}> -> !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=16,
# PTO: %h = pto.treshape %x : !pto.tile_buf<{{.*}}dtype=f32{{.*}}> -> !pto.tile_buf<loc=vec, dtype=i16, rows=8, cols=32,

# CCE: TASSIGN(x, [[ADDR:.*]]);
# CCE: Tile<TileType::Vec, int32_t, 8, 16, {{.*}}> i;
# CCE-NEXT: TASSIGN(i, [[ADDR]]);
# CCE: Tile<TileType::Vec, int16_t, 8, 32, {{.*}}> h;
# CCE-NEXT: TASSIGN(h, [[ADDR]]);
