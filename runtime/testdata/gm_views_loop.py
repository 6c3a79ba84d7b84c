# GM windows made in a loop at run-time offsets (a row of `data` into the
# mirrored row of `out`), run by ptoc-run-cpp and judged by NumPy
# (runtime/gm_views_numpy_test.sh).
import pypto.language as pl


@pl.program
class GmViewLoop:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, data: pl.Tensor[[8, 64], pl.FP32], out: pl.Out[pl.Tensor[[8, 64], pl.FP32]]):
        for i in pl.range(8):
            src = pl.tensor.slice(data, [1, 64], [i, 0])
            dst = pl.tensor.slice(out, [1, 64], [7 - i, 0])
            t: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(src, [0, 0], [1, 64])
            pl.tile.store(t, [0, 0], dst)
