# A program whose kernels compute only with tiles is unchanged, and so is
# a tensor op outside kernels (an Opaque helper stays at tensor level).
# RUN: ptoc %s --passes= --emit=text > %t.before.py
# RUN: ptoc %s --passes=convert-tensor-to-tile-ops --emit=text > %t.after.py
# RUN: diff %t.before.py %t.after.py
# RUN: ptoc examples/matmul_relu.py --passes= --emit=text > %t.mm.before.py
# RUN: ptoc examples/matmul_relu.py --passes=convert-tensor-to-tile-ops --emit=text > %t.mm.after.py
# RUN: diff %t.mm.before.py %t.mm.after.py
import pypto.language as pl


@pl.program
class Unchanged:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [16, 16])
        u: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.exp(t)
        pl.store(u, [0, 0], out)

    @pl.function
    def helper(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        return y
