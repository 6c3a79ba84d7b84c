# A kernel that returns one of its inputs unchanged (PyPTO's tests write
# `return x`) gives back the caller's own tensor: the return ends the kernel
# like a bare return, in both targets.
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class ReturnInput:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.load(x, [0, 0], [16, 16])
        pl.store(t, [0, 0], out)
        return x

# PTO: func.func @k(
# PTO: pto.tstore
# PTO: return loc(
# CCE: void k(
# CCE: TSTORE(
