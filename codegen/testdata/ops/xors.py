# tile.xors (lhs, scalar, scratch): TXORS with the scalar in the tile's
# element type and a scratch of the result's type and shape, passed last
# and written too. a2a3 takes 8- and 16-bit integers (its TXORS goes through
# the scratch), a5 also 32-bit: xors_dtype_error.py.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl


@pl.program
class Xors:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 64], pl.INT16], out: pl.Out[pl.Tensor[[16, 64], pl.INT16]]):
        x: pl.Tile[[16, 64], pl.INT16, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        t: pl.Tile[[16, 64], pl.INT16, pl.Mem.Vec] = pl.tile.create(shape=[16, 64], dtype=pl.INT16)
        y = pl.tile.xors(x, 5, t)
        z = pl.tile.xors(y, -1, t)
        pl.tile.store(z, [0, 0], out)

# PTO: pto.txors ins(%x, %c5_i16, %t : !pto.tile_buf<loc=vec, dtype=i16, {{.*}}>, i16, !pto.tile_buf<loc=vec, dtype=i16, {{.*}}>) outs(%y :
# PTO: pto.txors ins(%y, %{{.*}}, %t :

# CCE: TXORS(y, x, 5, t);
# CCE: pipe_barrier(PIPE_V);
# CCE-NEXT: TXORS(z, y, -1, t);
