# pto-isa's binary element-wise instructions take three tiles of one type:
# a window of a wider tile (its rows keep the source's stride) and a tile
# of its own are refused together, at the op, on both targets.
# RUN: not ptoc %s --emit=cce 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a5 --emit=pto 2>&1 | FileCheck %s
# CHECK: slice_mixed_error.py:[[@LINE+11]]:13: error: 'tile.add' (TADD) takes its tiles in one C++ type, and an operand is a window of a wider tile (tile.slice) while the other is not the same window shape of one: copy the window into a tile of its own first (tile.move)
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 128], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        x: pl.Tile[[16, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 128])
        y: pl.Tile[[16, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        w = pl.tile.slice(x, [16, 64], [0, 64])
        s = pl.tile.add(w, y)
        pl.tile.store(s, [0, 0], out)
