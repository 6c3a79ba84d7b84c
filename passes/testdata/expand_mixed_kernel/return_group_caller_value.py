# Groups that use the value of the mixed kernel they call are rewritten in
# place as PyPTO's ExpandMixedKernel rewrites them: the AIC lane is called
# for its effect, then the statement itself calls the AIV lane, which gives
# back the kernel's values (`r = self.k(..)` -> `self.k_aic(..)` +
# `r = self.k_aiv(..)`; the same for `a, b = ..` and `return self.k(..)`).
# No Group named after the kernel is added: only Groups call it.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
# CHECK-LABEL: def mixed_aic(
# CHECK-LABEL: def mixed_aiv(
# CHECK: return out
# CHECK-LABEL: def launch_assign(
# CHECK-NEXT: self.mixed_aic(x, y)
# CHECK-NEXT: r = self.mixed_aiv(x, y)
# CHECK-NEXT: return r
# CHECK-LABEL: def launch_return(
# CHECK-NEXT: self.mixed_aic(x, y)
# CHECK-NEXT: return self.mixed_aiv(x, y)
# CHECK-LABEL: def pair_aic(
# CHECK-LABEL: def pair_aiv(
# CHECK: return o1, o2
# CHECK-LABEL: def launch_unpack(
# CHECK: self.pair_aic(x, y, z)
# CHECK-NEXT: p, q = self.pair_aiv(x, y, z)
# CHECK-NEXT: return p, q
# CHECK-NOT: def mixed(
# CHECK-NOT: def pair(
import pypto.language as pl


@pl.program
class GroupUsesValue:
    @pl.function(type=pl.FunctionType.InCore)
    def mixed(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        am = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        av = pl.tile.move(am, target_memory=pl.MemorySpace.Vec)
        out = pl.tile.store(av, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def launch_assign(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        r = self.mixed(x, y)
        return r

    @pl.function(type=pl.FunctionType.Group)
    def launch_return(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        return self.mixed(x, y)

    @pl.function(type=pl.FunctionType.InCore)
    def pair(
        self, a: pl.Tensor[[16, 16], pl.FP32], o1: pl.Out[pl.Tensor[[16, 16], pl.FP32]], o2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
    ) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        am = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        o1 = pl.tile.store(am, [0, 0], o1)
        av = pl.tile.move(am, target_memory=pl.MemorySpace.Vec)
        o2 = pl.tile.store(av, [0, 0], o2)
        return o1, o2

    @pl.function(type=pl.FunctionType.Group)
    def launch_unpack(
        self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]], z: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
    ) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        p, q = self.pair(x, y, z)
        return p, q
