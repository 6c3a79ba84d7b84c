# An InCore kernel reaching code generation is an error that says to split
# it first; with the default pipeline it is split and emitted.
# RUN: not ptoc %s --passes= --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes= --emit=cce 2>&1 | FileCheck %s
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=SPLIT
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Mixed:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[1, 16], pl.FP32], out: pl.Out[pl.Tensor[[1, 16], pl.FP32]]):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 16])
        pl.tile.store(t, [0, 0], out)

# CHECK: incore_error.py:13:5: error: function 'k' is an InCore kernel; run expand-mixed-kernel before code generation to split it into AIC and AIV lanes
# SPLIT: func.func @k({{.*}}pto.kernel_kind = #pto.kernel_kind<vector>, pto.entry}
