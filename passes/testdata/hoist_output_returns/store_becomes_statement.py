# `return pl.store(t, offs, out)` into the kernel's own output parameter:
# the store becomes an assignment before the return, which returns its name.
# A return of a plain name (a loop-carried output) is left as it is, and the
# pass is idempotent.
# RUN: ptoc %s --passes=hoist-output-returns --emit=text | FileCheck %s
# RUN: ptoc %s --passes=hoist-output-returns --emit=pb -o %t.pb
# RUN: hoist-output-returns %t.pb -o %t.again.pb
# RUN: ptoc %t.pb --passes= --emit=text > %t.once.py
# RUN: ptoc %t.again.pb --passes= --emit=text > %t.twice.py
# RUN: diff %t.once.py %t.twice.py
# CHECK-LABEL: def scale(
# CHECK: out_ret = pl.tile.store(y, [0, 0], out)
# CHECK-NEXT: return out_ret
# CHECK-LABEL: def accumulate(
# CHECK: return r
import pypto.language as pl


@pl.program
class ReturnStore:
    @pl.function(type=pl.FunctionType.AIV)
    def scale(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t: pl.Tile[[16, 16], pl.FP32] = pl.load(x, [0, 0], [16, 16])
        y: pl.Tile[[16, 16], pl.FP32] = pl.mul(t, t)
        return pl.store(y, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIV)
    def accumulate(self, x: pl.Tensor[[64, 16], pl.FP32], out: pl.InOut[pl.Tensor[[64, 16], pl.FP32]]) -> pl.Tensor[[64, 16], pl.FP32]:
        for i, (acc,) in pl.range(4, init_values=(out,)):
            t: pl.Tile[[16, 16], pl.FP32] = pl.load(x, [i * 16, 0], [16, 16])
            nxt: pl.Tensor[[64, 16], pl.FP32] = pl.store(t, [i * 16, 0], acc)
            r = pl.yield_(nxt)
        return r
