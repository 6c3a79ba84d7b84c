# A while loop with loop-carried values (a tile, an index and a count):
# ptoc-sim and the emitted C++ (ptoc-run-cpp) against NumPy, with n = 5
# (three iterations) and n = 0 (none: the results are the initial values)
# (runtime/while_carried_numpy_test.sh).
import pypto.language as pl


@pl.program
class WhileCarried:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], cnt: pl.Out[pl.Tensor[[1], pl.INT32]]):
        t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 64])
        i: pl.Scalar[pl.INDEX] = 0
        steps: pl.Scalar[pl.INT32] = 0
        while i < n:
            t = pl.tile.add(t, t)
            i = i + 2
            steps = steps + 1
        pl.tile.store(t, [0, 0], out)
        pl.tensor.write(cnt, [0], steps)
