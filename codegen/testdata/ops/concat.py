# tile.concat (a, b): each row of the result a's row then b's, as PyPTO
# lowers it (pto.tconcat ins(%a, %b) outs(%dst); TCONCAT(dst, a, b)). One V
# step.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
# PTO: pto.tconcat ins(%x, %y : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, {{.*}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32, {{.*}}>) outs(%xy : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=48, {{.*}}>)
# CCE: TCONCAT(xy, x, y);
import pypto.language as pl


@pl.program
class Concat:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[8, 16], pl.FP32], b: pl.Tensor[[8, 32], pl.FP32],
          o: pl.Out[pl.Tensor[[8, 48], pl.FP32]]):
        x: pl.Tile[[8, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 16])
        y: pl.Tile[[8, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [8, 32])
        xy: pl.Tile[[8, 48], pl.FP32] = pl.tile.concat(x, y)
        pl.tile.store(xy, [0, 0], o)
