# tile.prelu's scratch is a UINT8 mask with a row more than the result and
# a bit per element of its rows (ptoas's tprelu verifier, pto-isa's
# TPRELU): a mask of the result's rows is refused at the call.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# CHECK: prelu_scratch_error.py:[[@LINE+10]]:13: error: 'tile.prelu' (TPRELU) needs a scratch tile of UINT8 with at least 17 x 2 valid elements, not UINT8 16 x 32
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        x: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 16])
        m: pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec] = pl.tile.create(shape=[16, 32], dtype=pl.UINT8)
        p = pl.tile.prelu(x, x, m)
        pl.tile.store(p, [0, 0], out)
