# PyPTO's composite dimensions (`M * 2`) are read and printed, but a kernel
# addresses a GM tensor by constant or scalar-parameter dims only: the
# expression is refused at the parameter, naming what code generation takes.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# CHECK: expression_dim_error.py:[[@LINE+11]]:9: error: dim 'M * 2' is an expression; code generation takes a constant or a scalar parameter of the kernel here
import pypto.language as pl

M = pl.dynamic("M")


@pl.program
class CompositeDim:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[M * 2, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.tile.load(a, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
        out = pl.tile.store(t, [0, 0], out)
        return out
