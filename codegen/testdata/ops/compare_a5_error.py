# ptoas's a5 pto.tcmp writes a mask of its operands' shape: PyPTO's packed
# mask of a 16-column tile ([16, 32] UINT8) is refused at the call on a5;
# a2a3 takes it (a 32-column tile has a mask of its shape: compare_select.py).
# RUN: not ptoc %s --backend=a5 --emit=pto 2>&1 | FileCheck %s
# RUN: ptoc %s --emit=pto -o /dev/null
# CHECK: compare_a5_error.py:[[@LINE+9]]:14: error: on a5 'tile.cmp' (TCMP) writes a mask of its operands' shape (ptoas's rule): this mask is 16 x 32, the tiles 16 x 16
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        x: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 16])
        lt = pl.tile.cmp(x, x, cmp_type=2)
        t4: pl.Tile[[1, 8], pl.INT32, pl.Mem.Vec] = pl.tile.create([1, 8], dtype=pl.INT32)
        y = pl.tile.sel(lt, x, x, t4)
        pl.tile.store(y, [0, 0], out)
