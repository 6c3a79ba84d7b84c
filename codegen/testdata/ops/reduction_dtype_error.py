# pto-isa's TCOLSUM takes float tiles only: an INT32 column sum is refused
# at the call on both backends.
# RUN: not ptoc %s --backend=a2a3 --emit=cce 2>&1 | FileCheck %s --check-prefix=A2A3
# RUN: not ptoc %s --backend=a5 --emit=pto 2>&1 | FileCheck %s --check-prefix=A5
# A2A3: reduction_dtype_error.py:[[@LINE+10]]:13: error: 'tile.col_sum' (TCOLSUM) on a2a3 takes FP32, FP16 tiles, not INT32
# A5: reduction_dtype_error.py:[[@LINE+9]]:13: error: 'tile.col_sum' (TCOLSUM) on a5 takes FP32, FP16, BF16 tiles, not INT32
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 64], pl.INT32], out: pl.Out[pl.Tensor[[1, 64], pl.INT32]]):
        x: pl.Tile[[16, 64], pl.INT32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        y = pl.tile.col_sum(x)
        pl.tile.store(y, [0, 0], out)
