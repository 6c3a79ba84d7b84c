# GM views (tensor.view of packed memory, tensor.slice windows at a
# run-time and a static offset) in the emitted C++, run by ptoc-run-cpp and
# judged by NumPy (runtime/gm_views_numpy_test.sh); ptoc-sim does not
# compute GM views yet.
import pypto.language as pl


@pl.program
class GmViews:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, src: pl.Tensor[[2, 4, 64], pl.FP32], data: pl.Tensor[[16, 128], pl.FP32],
          r: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
        flat = pl.tensor.view(src, [8, 64])
        a: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(flat, [0, 0], [8, 64])
        win = pl.tensor.slice(data, [8, 64], [r, 64])
        b: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(win, [0, 0], [8, 64])
        c = pl.tile.add(a, b)
        dst = pl.tensor.slice(out, [8, 64], [8, 0])
        pl.tile.store(c, [0, 0], dst)
        v = pl.tensor.read(win, [1, 2])
        pl.tensor.write(dst, [0, 0], v)
