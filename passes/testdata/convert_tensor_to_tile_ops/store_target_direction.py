# Assembling a tile into an In parameter stores into it: the parameter
# becomes Out (PyPTO's direction upgrade), and atomic=pl.AtomicType.Add is
# carried over to tile.store.
# RUN: ptoc %s --passes=convert-tensor-to-tile-ops --emit=text | FileCheck %s
# RUN: ptoc %s -o %t.pto
# CHECK: def kernel(self, x: pl.Tensor{{\[\[}}16, 16], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}16, 16], pl.FP32]]) -> pl.Tensor{{\[\[}}16, 16], pl.FP32]:
# CHECK: out_1 = pl.tile.store(y_tile, [0, 0], out, atomic=pl.AtomicType.Add)
import pypto.language as pl


@pl.program
class StoreTarget:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        y = pl.add(x, x)
        out = pl.assemble(out, y, [0, 0], atomic=pl.AtomicType.Add)
        return out
