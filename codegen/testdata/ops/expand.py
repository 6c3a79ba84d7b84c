# The column expansions take the tile and a [1, N] vector (PyPTO's operand
# order); the broadcasts tile.row_expand / tile.col_expand take a target,
# which gives only the result's shape, and read the vector alone. The
# products are reductions: tile.row_prod with a scratch tile, col_prod
# without.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class Expand:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], rv: pl.Tensor[[16, 1], pl.FP32],
          cv: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
          rows: pl.Out[pl.Tensor[[16, 1], pl.FP32]], cols: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
        x: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        r: pl.Tile[[16, 1], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(rv, [0, 0], [16, 1])
        c: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(cv, [0, 0], [1, 64])
        y1 = pl.tile.col_expand_add(x, c)
        y2 = pl.tile.col_expand_sub(y1, c)
        y3 = pl.tile.col_expand_mul(y2, c)
        y4 = pl.tile.col_expand_div(y3, c)
        y5 = pl.tile.col_expand_max(y4, c)
        y6 = pl.tile.col_expand_min(y5, c)
        y7 = pl.tile.col_expand_expdif(y6, c)
        b = pl.tile.row_expand(x, r)
        e = pl.tile.col_expand(x, c)
        s1 = pl.tile.add(y7, b)
        s2 = pl.tile.add(s1, e)
        tmp: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create(shape=[16, 64], dtype=pl.FP32)
        rp: pl.Tile[[16, 1], pl.FP32] = pl.tile.row_prod(x, tmp)
        cp = pl.tile.col_prod(x)
        pl.tile.store(s2, [0, 0], out)
        pl.tile.store(rp, [0, 0], rows)
        pl.tile.store(cp, [0, 0], cols)

# PTO: pto.tcolexpandadd ins(%x, %c : !pto.tile_buf<{{.*}}rows=16, cols=64{{.*}}>, !pto.tile_buf<{{.*}}rows=1, cols=64{{.*}}>) outs(%y1 : !pto.tile_buf<{{.*}}rows=16, cols=64,
# PTO: pto.tcolexpandsub ins(%y1, %c :
# PTO: pto.tcolexpandmul ins(%y2, %c :
# PTO: pto.tcolexpanddiv ins(%y3, %c :
# PTO: pto.tcolexpandmax ins(%y4, %c :
# PTO: pto.tcolexpandmin ins(%y5, %c :
# PTO: pto.tcolexpandexpdif ins(%y6, %c :
# PTO: pto.trowexpand ins(%r : !pto.tile_buf<{{.*}}rows=16, cols=8, v_row=16, v_col=1{{.*}}>) outs(%b : !pto.tile_buf<{{.*}}rows=16, cols=64,
# PTO: pto.tcolexpand ins(%c : !pto.tile_buf<{{.*}}rows=1, cols=64{{.*}}>) outs(%e : !pto.tile_buf<{{.*}}rows=16, cols=64,
# PTO: pto.trowprod ins(%x, %tmp : {{.*}}) outs(%rp : !pto.tile_buf<{{.*}}rows=16, cols=8, v_row=16, v_col=1,
# PTO: pto.tcolprod ins(%x : {{.*}}) outs(%cp : !pto.tile_buf<{{.*}}rows=1, cols=64, v_row=1, v_col=64,

# CCE: TCOLEXPANDADD(y1, x, c);
# CCE: TCOLEXPANDSUB(y2, y1, c);
# CCE: TCOLEXPANDMUL(y3, y2, c);
# CCE: TCOLEXPANDDIV(y4, y3, c);
# CCE: TCOLEXPANDMAX(y5, y4, c);
# CCE: TCOLEXPANDMIN(y6, y5, c);
# CCE: TCOLEXPANDEXPDIF(y7, y6, c);
# CCE: TROWEXPAND(b, r);
# CCE: TCOLEXPAND(e, c);
# CCE: TROWPROD(rp, x, tmp);
# CCE: TCOLPROD(cp, x);
