# An element type the instruction does not take on the backend (ptoas
# refuses a TABS of INT32 tiles) is refused at the call, naming the types
# it takes there.
# RUN: not ptoc %s --backend=a2a3 --emit=pto 2>&1 | FileCheck %s --check-prefix=A2A3
# RUN: not ptoc %s --backend=a5 --emit=cce 2>&1 | FileCheck %s --check-prefix=A5
# A2A3: elementwise_dtype_error.py:[[@LINE+10]]:13: error: 'tile.abs' (TABS) on a2a3 takes FP32, FP16 tiles, not INT32
# A5: elementwise_dtype_error.py:[[@LINE+9]]:13: error: 'tile.abs' (TABS) on a5 takes FP32, FP16 tiles, not INT32
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[8, 64], pl.INT32], out: pl.Out[pl.Tensor[[8, 64], pl.INT32]]):
        x: pl.Tile[[8, 64], pl.INT32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 64])
        y = pl.tile.abs(x)
        pl.tile.store(y, [0, 0], out)
