# The per-row expansions (tile.row_expand_add ... expdif: the [M, 1] vector's
# rows filled, then the op) and the pipe barriers: view_ops_numpy_test
# compares ptoc-sim with NumPy's broadcasting; run_emitted_cpp_test the
# emitted C++ with ptoc-sim; pto_isa_sim_test the C++ on pto-isa's CPU
# simulation with ptoc-sim.
import pypto.language as pl


@pl.program
class RowExpand:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 32], pl.FP32], rv: pl.Tensor[[16, 1], pl.FP32],
          b: pl.Tensor[[8, 64], pl.INT32], bv: pl.Tensor[[8, 1], pl.INT32],
          o_add: pl.Out[pl.Tensor[[16, 32], pl.FP32]], o_sub: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
          o_mul: pl.Out[pl.Tensor[[16, 32], pl.FP32]], o_div: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
          o_max: pl.Out[pl.Tensor[[16, 32], pl.FP32]], o_min: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
          o_exp: pl.Out[pl.Tensor[[16, 32], pl.FP32]], o_int: pl.Out[pl.Tensor[[8, 64], pl.INT32]]):
        x: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 32])
        r: pl.Tile[[16, 1], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(rv, [0, 0], [16, 1])
        y1 = pl.tile.row_expand_add(x, r)
        y2 = pl.tile.row_expand_sub(x, r)
        pl.system.bar_v()
        y3 = pl.tile.row_expand_mul(x, r)
        d = pl.tile.adds(pl.tile.abs(r), 1.0)
        y4 = pl.tile.row_expand_div(x, d)
        y5 = pl.tile.row_expand_max(x, r)
        y6 = pl.tile.row_expand_min(x, r)
        y7 = pl.tile.row_expand_expdif(x, r)
        pl.tile.store(y1, [0, 0], o_add)
        pl.tile.store(y2, [0, 0], o_sub)
        pl.tile.store(y3, [0, 0], o_mul)
        pl.tile.store(y4, [0, 0], o_div)
        pl.tile.store(y5, [0, 0], o_max)
        pl.tile.store(y6, [0, 0], o_min)
        pl.tile.store(y7, [0, 0], o_exp)
        pl.system.bar_all()
        z: pl.Tile[[8, 64], pl.INT32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [8, 64])
        zv: pl.Tile[[8, 1], pl.INT32, pl.MemorySpace.Vec] = pl.tile.load(bv, [0, 0], [8, 1])
        w = pl.tile.row_expand_sub(z, zv)
        pl.tile.store(w, [0, 0], o_int)
