# ptoas's tcolexpand<op> reads a tile's rows and columns from its operand
# type, which for a window (tile.slice) is its source's: "expects src0/dst
# to have same shape". Refused at the call on both targets; PyPTO copies
# such an operand into a tile of its own first.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a5 --emit=cce 2>&1 | FileCheck %s
# CHECK: col_expand_view_error.py:[[@LINE+11]]:18: error: 'tile.col_expand_mul' (TCOLEXPANDMUL) takes whole tiles, and an operand is a window of a wider tile (tile.slice): copy the window into a tile of its own first (tile.move)
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[16, 128], pl.FP32], g: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        t: pl.Tile[[16, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [16, 128])
        gt: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(g, [0, 0], [1, 64])
        hi = pl.tile.slice(t, [16, 64], [0, 64])
        scaled = pl.tile.col_expand_mul(hi, gt)
        pl.tile.store(scaled, [0, 0], out)
