# A kernel's pl.Array (array.create, arr[i] = v in a loop and in a branch,
# array.get_element at a run-time index) and a scalar pl.cast into INDEX, the
# element picking the rows a load reads. view_ops_numpy_test compares
# ptoc-sim with NumPy; run_emitted_cpp_test the emitted C++ with ptoc-sim.
import pypto.language as pl


@pl.program
class Arrays:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, idx: pl.Tensor[[1, 8], pl.INT32], x: pl.Tensor[[24, 16], pl.FP32],
          out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]):
        it: pl.Tile[[1, 8], pl.INT32, pl.MemorySpace.Vec] = pl.tile.load(idx, [0, 0], [1, 8])
        arr = pl.array.create(8, pl.INT32)
        for i in pl.range(8):
            arr[i] = 7 - i
        # Any input picks an element (the run_emitted_cpp_test's are random).
        v: pl.Scalar[pl.INT32] = pl.tile.read(it, [0, 0])
        j: pl.Scalar[pl.INT32] = pl.max(pl.min(v, 7), 0)
        if j > 3:
            arr[0] = j
        sel: pl.Scalar[pl.INT32] = arr[j] + arr[0]
        row: pl.Scalar[pl.INDEX] = pl.cast(sel, pl.INDEX)
        t: pl.Tile[[8, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [row, 0], [8, 16])
        u: pl.Tile[[8, 16], pl.FP32] = pl.tile.add(t, t)
        pl.tile.store(u, [0, 0], out)
