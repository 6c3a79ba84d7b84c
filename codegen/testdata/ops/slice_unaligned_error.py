# ptoas places a view as a tile at its source's address plus the window's
# offset, and tiles start on 32-byte boundaries: a constant column offset
# of a row-major window must be a multiple of 32 bytes (ptoas refuses
# "addr must be aligned to 32" otherwise), refused at the call on both
# targets. (A run-time offset is the program's to keep aligned.)
# RUN: not ptoc %s --emit=cce 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a5 --emit=pto 2>&1 | FileCheck %s
# CHECK: slice_unaligned_error.py:[[@LINE+9]]:16: error: this slice starts at column 1, 4 bytes into its source's rows; a view starts on a 32-byte boundary (a multiple of 8 FP32 columns): slice from an aligned column
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 8], pl.FP32], out: pl.Out[pl.Tensor[[16, 1], pl.FP32]]):
        x: pl.Tile[[16, 8], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [16, 8])
        head = pl.tile.slice(x, [16, 1], [0, 1])
        pl.tile.store(head, [0, 0], out)
