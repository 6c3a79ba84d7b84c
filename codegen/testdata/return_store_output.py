# PyPTO's usual spelling `return pl.store(tile, offsets, out)`: the returned
# value names the kernel's own pl.Out parameter, so it is not a kernel
# return value; the store is emitted as a statement (before the return) and
# the kernel returns nothing. A loop-carried output returned after the loop
# is the same.
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --emit=text | FileCheck %s --check-prefix=TEXT
# PTO-LABEL: func.func @scale(
# PTO: pto.tstore
# The flags plan's tail (the store's MTE3 drained before the return).
# PTO-NEXT: pto.barrier <PIPE_ALL>
# PTO-NEXT: return loc(
# PTO-LABEL: func.func @accumulate(
# PTO: scf.for
# PTO: pto.tstore
# PTO: return loc(
# CCE-LABEL: void scale(
# CCE: TSTORE(
# CCE-LABEL: void accumulate(
# CCE: TSTORE(
# The default pipeline hoists the store (hoist-output-returns).
# TEXT: out_ret = pl.tile.store(y, [0, 0], out)
# TEXT-NEXT: return out_ret
# TEXT: return r
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
