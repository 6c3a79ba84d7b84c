# tile.cmps / tile.cmp into packed masks, tile.sels / tile.sel by them:
# view_ops_numpy_test compares ptoc-sim with NumPy (np.where of the
# comparisons); run_emitted_cpp_test the emitted C++ with ptoc-sim.
import pypto.language as pl


@pl.program
class CompareSelect:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[8, 32], pl.FP32], b: pl.Tensor[[8, 32], pl.FP32],
          c: pl.Tensor[[16, 16], pl.INT32],
          picked: pl.Out[pl.Tensor[[8, 32], pl.FP32]], clipped: pl.Out[pl.Tensor[[8, 32], pl.FP32]],
          flagged: pl.Out[pl.Tensor[[16, 16], pl.INT32]]):
        x: pl.Tile[[8, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 32])
        y: pl.Tile[[8, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(b, [0, 0], [8, 32])
        # max(x, y) by a tile-tile mask, then x where x >= 0.5 else -1.
        ge = pl.tile.cmp(x, y, cmp_type=5)
        t4: pl.Tile[[1, 8], pl.INT32, pl.MemorySpace.Vec] = pl.tile.create([1, 8], dtype=pl.INT32)
        big = pl.tile.sel(ge, x, y, t4)
        pl.tile.store(big, [0, 0], picked)
        pos = pl.tile.cmps(x, 0.5, cmp_type=5)
        tf: pl.Tile[[1, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create([1, 32], dtype=pl.FP32)
        kept = pl.tile.sels(pos, x, tf, -1.0)
        pl.tile.store(kept, [0, 0], clipped)
        # INT32: elements other than 3 kept, 3 replaced by 100 (ne).
        z: pl.Tile[[16, 16], pl.INT32, pl.MemorySpace.Vec] = pl.tile.load(c, [0, 0], [16, 16])
        ne = pl.tile.cmps(z, 3, cmp_type=1)
        ti: pl.Tile[[1, 16], pl.INT32, pl.MemorySpace.Vec] = pl.tile.create([1, 16], dtype=pl.INT32)
        out = pl.tile.sels(ne, z, ti, 100)
        pl.tile.store(out, [0, 0], flagged)
