# Row reductions take the tile and a scratch tile (both read, the scratch
# written) into an [M, 1] result; column reductions the tile alone into a
# [1, N] result. PyPTO's operand order in both targets, destination first
# in C++.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --backend=a5 --emit=pto -o /dev/null
import pypto.language as pl


@pl.program
class Reductions:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], rows: pl.Out[pl.Tensor[[16, 1], pl.FP32]],
          cols: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
        x: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        tmp: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create(shape=[16, 64], dtype=pl.FP32)
        s: pl.Tile[[16, 1], pl.FP32] = pl.tile.row_sum(x, tmp)
        m: pl.Tile[[16, 1], pl.FP32] = pl.tile.row_max(x, tmp)
        n: pl.Tile[[16, 1], pl.FP32] = pl.tile.row_min(x, tmp)
        r1 = pl.tile.add(s, m)
        r2 = pl.tile.add(r1, n)
        cs = pl.tile.col_sum(x)
        cx = pl.tile.col_max(x)
        cn = pl.tile.col_min(x)
        csx = pl.tile.add(cs, cx)
        ct = pl.tile.add(csx, cn)
        pl.tile.store(r2, [0, 0], rows)
        pl.tile.store(ct, [0, 0], cols)

# PTO: pto.trowsum ins(%x, %tmp : {{.*}}) outs(%s : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1,
# PTO: pto.trowmax ins(%x, %tmp : {{.*}}) outs(%m :
# PTO: pto.trowmin ins(%x, %tmp : {{.*}}) outs(%n :
# PTO: pto.tcolsum ins(%x : {{.*}}) outs(%cs : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64,
# PTO: pto.tcolmax ins(%x : {{.*}}) outs(%cx :
# PTO: pto.tcolmin ins(%x : {{.*}}) outs(%cn :

# CCE: TROWSUM(s, x, tmp);
# CCE: TROWMAX(m, x, tmp);
# CCE: TROWMIN(n, x, tmp);
# CCE: TCOLSUM(cs, x);
# CCE: TCOLMAX(cx, x);
# CCE: TCOLMIN(cn, x);
