# tile.get_block_idx / tile.get_block_num in a kernel that places its rows
# by them: the simulated launch is one block (index 0 of 1), in ptoc-sim
# and in the emitted C++ (run_emitted_cpp_test compares the two).
import pypto.language as pl


@pl.program
class Blocks:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[64, 16], pl.FP32], out: pl.Out[pl.Tensor[[64, 16], pl.FP32]]):
        b = pl.tile.get_block_idx()
        n = pl.tile.get_block_num()
        rows = 64 // n
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [b * 16, 0], [16, 16])
        pl.tile.store(t, [b * 16 + rows - 16, 0], out)
