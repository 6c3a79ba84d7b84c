# On a2a3, ptoas converts FP16 to INT8 only through a scratch tile, which
# tile.cast does not take: ptoc refuses the cast there; a5 converts it.
# RUN: not ptoc %s --backend=a2a3 --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a2a3 --emit=cce 2>&1 | FileCheck %s
# RUN: ptoc %s --backend=a5 --emit=pto -o /dev/null
# CHECK: cast_needs_scratch_a2a3_error.py:[[@LINE+9]]:13: error: on a2a3 a cast from FP16 to INT8 needs a scratch tile (ptoas), which tile.cast does not take
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[8, 64], pl.FP16], out: pl.Out[pl.Tensor[[8, 64], pl.INT8]]):
        x: pl.Tile[[8, 64], pl.FP16, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [8, 64])
        y = pl.tile.cast(x, target_type=pl.INT8)
        pl.tile.store(y, [0, 0], out)
