# ptoas refuses an A2/A3 TSTORE from Left (it reads Vec, Mat or Acc): ptoc
# says so at the store instead of writing a .pto the assembler rejects
# (PyPTO's 2589_Before in the corpus stores a Left tile).
# RUN: not ptoc %s --backend=a2a3 --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a2a3 --emit=cce 2>&1 | FileCheck %s
# CHECK: store_from_left_a2a3_error.py:[[@LINE+10]]:9: error: on a2a3 'tile.store' stores from Vec, Mat or Acc, not Left
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def k(self, a: pl.Tensor[[16, 16], pl.FP16], o: pl.Out[pl.Tensor[[16, 16], pl.FP16]]):
        t: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        u: pl.Tile[[16, 16], pl.FP16, pl.Mem.Left] = pl.tile.move(t, target_memory=pl.Mem.Left)
        pl.tile.store(u, [0, 0], o)
