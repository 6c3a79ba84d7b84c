# ptoas's a2a3 txors takes i8 / i16 only: an INT32 tile.xors is refused at
# the call on a2a3 and lowered on a5.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# RUN: ptoc %s --backend=a5 --emit=pto -o /dev/null
# CHECK: xors_dtype_error.py:[[@LINE+10]]:13: error: 'tile.xors' (TXORS) on a2a3 takes INT16, INT8, UINT8 tiles, not INT32
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 64], pl.INT32], out: pl.Out[pl.Tensor[[16, 64], pl.INT32]]):
        x: pl.Tile[[16, 64], pl.INT32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        t: pl.Tile[[16, 64], pl.INT32, pl.Mem.Vec] = pl.tile.create(shape=[16, 64], dtype=pl.INT32)
        y = pl.tile.xors(x, 5, t)
        pl.tile.store(y, [0, 0], out)
