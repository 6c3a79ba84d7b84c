# tile.col_sum with a scratch tile of fewer than half the source's rows is
# refused at the call on both targets (TCOLSUM adds the row pairs into it).
# RUN: not ptoc %s --passes= --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes= --backend=a5 --emit=cce 2>&1 | FileCheck %s
# CHECK: col_sum_tmp_error.py:[[@LINE+11]]:40: error: 'tile.col_sum' (TCOLSUM) with a scratch tile adds the rows in pairs into it: it takes a scratch of the source's type (FP32), at least 32 columns wide and 8 rows high, not pl.Tile{{.}}[4, 32], pl.FP32
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[1, 32], pl.FP32]]):
        x: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 32])
        t: pl.Tile[[4, 32], pl.FP32] = pl.tile.create([4, 32], dtype=pl.FP32,
                                                      target_memory=pl.MemorySpace.Vec)
        s: pl.Tile[[1, 32], pl.FP32] = pl.tile.col_sum(x, t)
        pl.tile.store(s, [0, 0], o)
