# A row with a scratch tile takes whole tiles: ptoas's tprelu (and its
# kin) finds a window's operand type and the result of different shapes
# (PyPTO's 0965_Prog in the corpus), so a tile.slice operand is refused at
# the call with the fix, as for the column expansions.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# CHECK: scratch_view_error.py:[[@LINE+12]]:13: error: 'tile.prelu' (TPRELU) takes whole tiles, and an operand is a window of a wider tile (tile.slice): copy the window into a tile of its own first (tile.move)
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 24], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        base: pl.Tile[[16, 24], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 24])
        x = pl.tile.slice(base, [16, 16], [0, 0])
        s = pl.tile.slice(base, [16, 16], [0, 8])
        m: pl.Tile[[17, 32], pl.UINT8, pl.Mem.Vec] = pl.tile.create(shape=[17, 32], dtype=pl.UINT8)
        p = pl.tile.prelu(x, s, m)
        pl.tile.store(p, [0, 0], out)
