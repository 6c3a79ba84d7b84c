# A tile.concat of windows of a wider tile (tile.slice) is refused at the
# call: ptoas takes an operand's rows and columns from its type, which for a
# window is its source's (corpus 0994).
# RUN: not ptoc %s --passes= --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes= --backend=a5 --emit=cce 2>&1 | FileCheck %s
# CHECK: concat_window_error.py:[[@LINE+11]]:41: error: 'tile.concat' (TCONCAT) takes whole tiles, and an operand is a window of a wider tile (tile.slice): copy the window into a tile of its own first (tile.move)
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[4, 128], pl.FP32], o: pl.Out[pl.Tensor[[4, 128], pl.FP32]]):
        x: pl.Tile[[4, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [4, 128])
        lo: pl.Tile[[4, 64], pl.FP32] = pl.tile.slice(x, [4, 64], [0, 0])
        hi: pl.Tile[[4, 64], pl.FP32] = pl.tile.slice(x, [4, 64], [0, 64])
        c: pl.Tile[[4, 128], pl.FP32] = pl.tile.concat(lo, hi)
        pl.tile.store(c, [0, 0], o)
