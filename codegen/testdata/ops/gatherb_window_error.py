# A tile.gatherb of a window narrower than its source at constant offsets:
# PyPTO reads it in place, its offsets stepping through the source's wider
# rows, which ptoc-sim does not model; refused at the call on both targets.
# RUN: not ptoc %s --emit=cce 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a5 --emit=pto 2>&1 | FileCheck %s
# CHECK: gatherb_window_error.py:[[@LINE+14]]:13: error: 'tile.gatherb' (TGATHERB) of a 32-byte aligned window narrower than its source (tile.slice) cannot be emitted yet
# CHECK-NEXT: g = pl.tile.gatherb(v, t)
# CHECK-NEXT: ^
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 256], pl.FP16], off: pl.Tensor[[8, 8], pl.UINT32],
          out: pl.Out[pl.Tensor[[8, 128], pl.FP16]]):
        x: pl.Tile[[16, 256], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 256])
        t: pl.Tile[[8, 8], pl.UINT32, pl.MemorySpace.Vec] = pl.tile.load(off, [0, 0], [8, 8])
        v: pl.Tile[[16, 128], pl.FP16] = pl.tile.slice(x, [16, 128], [0, 16])
        g = pl.tile.gatherb(v, t)
        pl.tile.store(g, [0, 0], out)
