# pto-isa's TEXTRACT from Mat into Left or Right reads whole fractals: into
# Left a row that is a multiple of 16 and a column of C0 (32 bytes of
# elements), into Right the other way round. A constant index off that grid
# is refused at the extract on both targets; canonicalize-tile-slice's
# extracts of slices (a row band of a Mat tile) are held to the same rule.
# RUN: not ptoc %s --emit=cce 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a5 --emit=pto 2>&1 | FileCheck %s
# CHECK: extract_mat_unaligned_error.py:[[@LINE+9]]:55: error: a tile.extract from Mat into Left starts on a fractal: its row is a multiple of 16 (pto-isa's TEXTRACT), not 8
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def k(self, a: pl.Tensor[[32, 64], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        am: pl.Tile[[32, 64], pl.FP16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        al: pl.Tile[[16, 64], pl.FP16, pl.Mem.Left] = pl.tile.extract(am, 8, 0, shape=[16, 64], target_memory=pl.Mem.Left)
