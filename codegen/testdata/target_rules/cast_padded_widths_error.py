# ptoas converts only between tile buffers of one physical shape, and a
# row-major row pads to 32 bytes: a 16 x 16 FP32 tile is 16 x 16, its INT8
# cast 16 x 32. PyPTO's test writes it; ptoc refuses it at the cast rather
# than emit a tcvt ptoas rejects. A width both types fill converts.
# RUN: not ptoc %s --backend=a2a3 --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a5 --emit=cce 2>&1 | FileCheck %s
# CHECK: cast_padded_widths_error.py:[[@LINE+9]]:13: error: ptoas converts only between tile buffers of one shape: this FP32 tile is 16 x 16, its INT8 result 16 x 32 (rows pad to 32 bytes); give the tile a width both types fill
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.INT8]]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [16, 16])
        c = pl.tile.cast(t, target_type=pl.INT8)
        pl.tile.store(c, [0, 0], out)
