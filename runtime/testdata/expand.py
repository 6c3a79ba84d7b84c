# The column expansions (a [1, N] vector against every row), the row and
# column broadcasts and the products, chained so that every value stays
# finite for any input (the divisor is |c| + 1, the exponent's argument at
# most 0, a row's product of 64 factors in [0.75, 1.25]):
# pto_isa_sim_test runs them on pto-isa's CPU simulation and compares with
# ptoc-sim, run_emitted_cpp_test the emitted C++ on ptoc's stand-in.
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
        ca = pl.tile.abs(c)
        d = pl.tile.adds(ca, 1.0)
        y1 = pl.tile.col_expand_add(x, c)
        y2 = pl.tile.col_expand_sub(y1, d)
        y3 = pl.tile.col_expand_mul(y2, c)
        y4 = pl.tile.col_expand_div(y3, d)
        y5 = pl.tile.col_expand_max(y4, c)
        y6 = pl.tile.col_expand_min(y5, d)
        y7 = pl.tile.col_expand_expdif(y6, d)
        b = pl.tile.row_expand(x, r)
        e = pl.tile.col_expand(x, c)
        s1 = pl.tile.add(y7, b)
        s2 = pl.tile.add(s1, e)
        tmp: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create(shape=[16, 64], dtype=pl.FP32)
        h = pl.tile.muls(x, 0.125)
        p = pl.tile.adds(h, 1.0)
        rp: pl.Tile[[16, 1], pl.FP32] = pl.tile.row_prod(p, tmp)
        cp = pl.tile.col_prod(x)
        pl.tile.store(s2, [0, 0], out)
        pl.tile.store(rp, [0, 0], rows)
        pl.tile.store(cp, [0, 0], cols)
