# A task scope written inside a kernel is its body, in place, as PyPTO's
# code generation emits it; names bound in it stay visible after it (the
# `return out` below), nested scopes go too.
# RUN: ptoc %s --passes=flatten-kernel-scopes --emit=text | FileCheck %s
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# CHECK: def kernel(
# CHECK-NOT: with pl.
# CHECK: t: pl.Tile{{.*}} = pl.tile.load(a, [0, 0], [16, 64])
# CHECK-NEXT: u: pl.Tile{{.*}} = pl.tile.exp(t)
# CHECK-NEXT: out_1 = pl.tile.store(u, [0, 0], out)
# CHECK-NEXT: return out_1
# PTO: pto.texp
# PTO: pto.tstore
import pypto.language as pl


@pl.program
class Scoped:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        a: pl.Tensor[[16, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.tile.load(a, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
            with pl.cluster():
                u = pl.tile.exp(t)
            out = pl.tile.store(u, [0, 0], out)
        return out
