# ptoas refuses an A5 TSTORE from anything but Vec or Acc: ptoc says so at
# the store instead of emitting what the assembler rejects. a2a3 takes it.
# RUN: not ptoc %s --backend=a5 --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a5 --emit=cce 2>&1 | FileCheck %s
# RUN: ptoc %s --backend=a2a3 --emit=pto -o /dev/null
# CHECK: store_from_mat_a5_error.py:[[@LINE+9]]:9: error: on a5 'tile.store' stores from Vec or Acc, not Mat
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def k(self, a: pl.Tensor[[16, 16], pl.FP16], o: pl.Out[pl.Tensor[[16, 16], pl.FP16]]):
        t: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        pl.tile.store(t, [0, 0], o)
