# A Vec tile.extract starts on a 32-byte boundary of its rows: pto-isa's
# TEXTRACT asserts it, so a constant column that is not is refused.
# RUN: not ptoc %s --emit=cce 2>&1 | FileCheck %s
# CHECK: extract_unaligned_error.py:[[@LINE+9]]:52: error: a Vec tile.extract starts on a 32-byte boundary of its rows (pto-isa's TEXTRACT): column 4 is 16 bytes in; extract from a column that is a multiple of 8
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 8], pl.FP32]]):
        t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 64])
        w: pl.Tile[[16, 8], pl.FP32, pl.Mem.Vec] = pl.tile.extract(t, 0, 4, shape=[16, 8])
        pl.tile.store(w, [0, 0], out)
