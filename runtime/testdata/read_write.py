# tile.read / tile.write: elements of a loaded tile and of a vector op's
# result read on the scalar unit, written back in place (at constant and
# loop-variable indices), the tile then read by a vector op: the flags
# plan orders the scalar accesses against MTE2 and V.
# run_emitted_cpp_test runs the emitted C++ on ptoc's stand-in against
# ptoc-sim; runtime/tests/tile_read_write.py checks ptoc-sim's numbers.
import pypto.language as pl


@pl.program
class ReadWrite:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[2, 8], pl.FP32], out: pl.Out[pl.Tensor[[2, 8], pl.FP32]]):
        x: pl.Tile[[2, 8], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [2, 8])
        v = pl.tile.read(x, [1, 2])
        y = pl.tile.muls(x, v)
        w = pl.tile.read(y, [1, 7])
        y2 = pl.tile.write(y, [0, 0], w)
        y3 = pl.tile.write(y2, [1, 0], v)
        for i, (t,) in pl.range(2, init_values=(y3,)):
            t2 = pl.tile.write(t, [i, 3], 0.5)
            r = pl.yield_(t2)
        z = pl.tile.adds(r, 1.0)
        pl.tile.store(z, [0, 0], out)
