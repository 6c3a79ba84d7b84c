# A tensor.view of a GM window (tensor.slice) is a located error: a
# reshape needs packed memory.
# RUN: not ptoc %s --passes= --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes= --emit=cce 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class GmViewOfWindow:
    @pl.function(type=pl.FunctionType.AIV)
    def reshaped_window(self, src: pl.Tensor[[8, 16], pl.FP32], out: pl.Out[pl.Tensor[[2, 16], pl.FP32]]):
        win = pl.tensor.slice(src, [4, 8], [0, 8])
        flat = pl.tensor.view(win, [2, 16])
        t: pl.Tile[[2, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(flat, [0, 0], [2, 16])
        pl.tile.store(t, [0, 0], out)

# CHECK: gm_view_reshape_window_error.py:13:9: error: a tensor.view of the window 'win' cannot be addressed
