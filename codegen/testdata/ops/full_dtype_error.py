# ptoas's texpands on a2a3 fills 16- and 32-bit tiles only: an INT8
# tile.full is refused at the call (a5 takes it).
# RUN: not ptoc %s --backend=a2a3 --emit=pto 2>&1 | FileCheck %s
# RUN: ptoc %s --backend=a5 --emit=pto -o /dev/null
# CHECK: full_dtype_error.py:[[@LINE+8]]:13: error: 'tile.full' (TEXPANDS) on a2a3 takes FP32, FP16, BF16, INT32, INT16 tiles, not INT8
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, out: pl.Out[pl.Tensor[[16, 64], pl.INT8]]):
        y = pl.tile.full([16, 64], dtype=pl.INT8, value=7)
        pl.tile.store(y, [0, 0], out)
