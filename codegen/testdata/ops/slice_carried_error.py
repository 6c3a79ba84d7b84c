# A window of a wider tile is not carried by a loop (the carried value is
# a tile of its own type): refused at the init on both targets.
# RUN: not ptoc %s --emit=cce 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a5 --emit=pto 2>&1 | FileCheck %s
# CHECK: slice_carried_error.py:[[@LINE+10]]:{{[0-9]+}}: error: a window of a wider tile (tile.slice), or a result computed from windows, cannot be carried by a loop or merged by an if yet; copy it into a tile of its own first (tile.move)
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 128], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        x: pl.Tile[[16, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 128])
        w = pl.tile.slice(x, [16, 64], [0, 64])
        for i in pl.range(2):
            w = pl.tile.adds(w, 1.0)
        pl.tile.store(w, [0, 0], out)
