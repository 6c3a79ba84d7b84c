# A tile.slice with a run-time valid_shape (codegen/testdata/ops/
# slice_run_time_valid.py) on ptoc-sim and in the emitted C++ (ptoc-run-cpp)
# against NumPy (runtime/slice_run_time_valid_numpy_test.sh).
import pypto.language as pl


@pl.program
class SliceRunTimeValid:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], rows: pl.Scalar[pl.INDEX], cols: pl.Scalar[pl.INDEX],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], part: pl.InOut[pl.Tensor[[8, 32], pl.FP32]]):
        x: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        s: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, cols])] = pl.tile.slice(x, [16, 64], [0, 0], valid_shape=[16, cols])
        p: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(pad=pl.PadValue.min)] = pl.tile.fillpad(s, pad_value=pl.PadValue.min)
        pl.tile.store(p, [0, 0], out)
        w: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[rows, cols])] = pl.tile.slice(x, [8, 32], [8, 32], valid_shape=[rows, cols])
        pl.tile.store(w, [0, 0], part)
