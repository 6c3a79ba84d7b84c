# tile.mgather into Mat (the cube's GM -> L1 gather, GM indices) is not
# lowered yet: refused at the call on both backends.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a5 --emit=cce 2>&1 | FileCheck %s
# CHECK: mgather_mat_error.py:[[@LINE+8]]:13: error: tile.mgather into Mat (the cube's GM -> L1 gather, with GM indices) cannot be emitted yet; gather into Vec
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def k(self, mem: pl.Tensor[[64, 32], pl.FP16], idx: pl.Tensor[[1, 16], pl.INT32], out: pl.Out[pl.Tensor[[16, 32], pl.FP16]]):
        g = pl.tile.mgather(mem, idx, coalesce="row", target_memory=pl.Mem.Mat)
        pl.tile.store(g, [0, 0], out)
