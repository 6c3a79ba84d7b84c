# ptoas refuses an A2/A3 TLOAD into anything but Vec or Mat: ptoc says so
# at the load instead of emitting what the assembler rejects. a5 takes it.
# RUN: not ptoc %s --backend=a2a3 --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a2a3 --emit=cce 2>&1 | FileCheck %s
# RUN: ptoc %s --backend=a5 --emit=pto -o /dev/null
# CHECK: load_into_acc_a2a3_error.py:[[@LINE+8]]:61: error: on a2a3 'tile.load' loads into Vec or Mat, not Acc
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        pl.tile.store(t, [0, 0], o)
