# A tuple subscript (PyPTO's TupleGetItem) in a kernel is refused where it
# stands: code generation lowers no tuple values.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --emit=cce 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        x = pl.load(a, [0, 0], [16, 16])
        y = pl.tile.exp(x)
        t = (x, y)
        z: pl.Tile[[16, 16], pl.FP32] = t[1]
        pl.store(z, [0, 0], out)

# CHECK: tuple_subscript_error.py:15:41: error: kernel 'k': ptoc does not lower a tuple subscript in a kernel
