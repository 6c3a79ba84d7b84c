# tile.rsqrt's scratch holds one 32-byte block of the result's element type
# (pto-isa's high-precision TRSQRT fills it with ones; ptoas wants 32 bytes):
# a smaller one is refused at the call.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --emit=cce --backend=a5 2>&1 | FileCheck %s
# CHECK: rsqrt_scratch_error.py:[[@LINE+10]]:13: error: 'tile.rsqrt' (TRSQRT) needs a scratch tile of FP32 with at least 1 x 8 valid elements, not FP32 1 x 4
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        x: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        tmp: pl.Tile[[1, 4], pl.FP32, pl.Mem.Vec] = pl.tile.create(shape=[1, 4], dtype=pl.FP32)
        r = pl.tile.rsqrt(x, tmp)
        pl.tile.store(r, [0, 0], out)
