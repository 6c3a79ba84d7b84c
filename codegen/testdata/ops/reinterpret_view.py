# tile.reinterpret_view (tile, dtype[, shape]): the tile's bytes read as
# another element type (and shape). PTO-AS is PyPTO's pto.treshape into the
# result's type; C++ a Tile of the result's type at the tile's address
# (pto-isa's TRESHAPE refuses most pairs of element types). Only integer
# types are read as one another: ptoas's own C++ of any other pair fails
# pto-isa's TRESHAPE check, so ptoc refuses it at the call.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class Reinterpret:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[8, 16], pl.FP32], o1: pl.Out[pl.Tensor[[8, 16], pl.UINT32]], b: pl.Tensor[[8, 16], pl.INT32]):
        x: pl.Tile[[8, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 16])
        y: pl.Tile[[8, 16], pl.INT32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [8, 16])
        i: pl.Tile[[8, 16], pl.UINT32] = pl.tile.reinterpret_view(y, pl.UINT32)
        pl.tile.store(i, [0, 0], o1)

# PTO: %i = pto.treshape %y : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=16, {{.*}}> -> !pto.tile_buf<loc=vec, dtype=ui32, rows=8, cols=16,

# CCE: TASSIGN(y, [[YA:.*]]);
# CCE: Tile<TileType::Vec, uint32_t, 8, 16, {{.*}}> i;
# CCE-NEXT: TASSIGN(i, [[YA]]);
