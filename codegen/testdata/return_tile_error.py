# A returned value that names no tensor parameter of the kernel (here a
# tile) stays a kernel return value, which codegen cannot give back: a
# located error, and no output file.
# RUN: ptoc %s --emit=pto -o %t.pto 2> %t.err; test $? -eq 1
# RUN: FileCheck %s --input-file=%t.err
# RUN: test ! -e %t.pto
# CHECK: return_tile_error.py:[[@LINE+12]]:9: error: a kernel cannot return values
# CHECK-NEXT: return t
# CHECK-NEXT: ^
import pypto.language as pl


@pl.program
class ReturnTile:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tile[[16, 16], pl.FP32]:
        t: pl.Tile[[16, 16], pl.FP32] = pl.load(x, [0, 0], [16, 16])
        pl.store(t, [0, 0], out)
        return t
