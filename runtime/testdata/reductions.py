# The row and column reductions, summed so that every result is stored:
# pto_isa_sim_test compares pto-isa's CPU simulation with ptoc-sim on it.
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
