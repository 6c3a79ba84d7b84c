# A store and a load written inside a return take part in the GM hand-off
# analysis: the returned expression becomes a statement before the pass
# orders anything. Here the cube stores `out`, then the vector lane's
# `return pl.store(pl.add(pl.load(out, ..), v), .., out)` reads it back (RAW)
# and writes it (WAW): the AIC lane fences and pushes after its store, the
# AIV lane pops (and frees) before the returned store. PyPTO's pass looks
# only at assignment statements and would leave the two lanes racing.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
# CHECK-LABEL: def k_aic(
# CHECK: out_1 = pl.tile.store(c, [0, 0], out)
# CHECK-NEXT: pl.system.fence()
# CHECK-NEXT: pl.tile.tpush_to_aiv(c)
# CHECK-NEXT: {{^        return$}}
# CHECK-LABEL: def k_aiv(
# CHECK: tok{{.*}} = pl.tile.tpop_from_aic()
# CHECK-NEXT: pl.system.tfree_to_aic(tok
# CHECK-NEXT: out_ret = pl.tile.store(pl.tile.add(pl.tile.load(out, [0, 0], [16, 16]), v), [0, 0], out)
# CHECK-NEXT: {{^        return out$}}
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# PTO-LABEL: func.func @k_aiv(
# PTO: pto.tpop_from_aic
# PTO: pto.tload
# PTO: pto.tstore
import pypto.language as pl


@pl.program
class ReturnHandoff:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        a: pl.Tensor[[16, 16], pl.BF16],
        b: pl.Tensor[[16, 16], pl.BF16],
        bias: pl.Tensor[[16, 16], pl.FP32],
        out: pl.InOut[pl.Tensor[[16, 16], pl.FP32]],
    ) -> pl.Tensor[[16, 16], pl.FP32]:
        am: pl.Tile[[16, 16], pl.BF16] = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[16, 16], pl.BF16] = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        l: pl.Tile[[16, 16], pl.BF16] = pl.move(am, target_memory=pl.Mem.Left)
        r: pl.Tile[[16, 16], pl.BF16] = pl.move(bm, target_memory=pl.Mem.Right)
        c: pl.Tile[[16, 16], pl.FP32] = pl.matmul(l, r)
        out = pl.store(c, [0, 0], out)
        v: pl.Tile[[16, 16], pl.FP32] = pl.load(bias, [0, 0], [16, 16])
        return pl.store(pl.add(pl.load(out, [0, 0], [16, 16]), v), [0, 0], out)
