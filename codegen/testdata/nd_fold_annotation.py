# A rank-3 tile.load named by its rank-2 fold (PyPTO's FlattenTileNdTo2D
# output prints `x_tile: pl.Tile[[6, 4], ...] = pl.tile.load(x, ..., [2, 3, 4])`)
# compiles: code generation lays the [2, 3, 4] tile out as 6 rows of 4, so
# the annotation converts nothing. Any other retyping is still refused
# (codegen/testdata/errors/ has those).
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class Folded:
    @pl.function(type=pl.FunctionType.AIV)
    def fold(
        self,
        x: pl.Tensor[[2, 3, 4], pl.FP32],
        out_0: pl.Out[pl.Tensor[[2, 3, 4], pl.FP32]],
    ) -> pl.Tensor[[2, 3, 4], pl.FP32]:
        x_tile: pl.Tile[[6, 4], pl.FP32, pl.Mem.Vec] = pl.tile.load(
            x, [0, 0, 0], [2, 3, 4], [2, 3, 4], target_memory=pl.Mem.Vec
        )
        y_tile = pl.tile.exp(x_tile)
        out_1 = pl.tile.store(y_tile, [0, 0, 0], out_0, [2, 3, 4])
        return out_1

# PTO: pto.partition_view {{.*}} sizes = [%c2, %c3, %c4] {{.*}} -> !pto.partition_tensor_view<2x3x4xf32>
# PTO: pto.tload {{.*}}outs(%x_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=6, cols=8, v_row=6, v_col=4,
# PTO: pto.texp ins(%x_tile
# PTO: pto.tstore ins(%y_tile {{.*}}rows=6, cols=8, v_row=6, v_col=4,
# CCE: TLOAD(x_tile, x_gm);
# CCE: TEXP(y_tile, x_tile);
# CCE: TSTORE(
