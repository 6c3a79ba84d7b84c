# A Group that calls the mixed kernel is rewritten in place to call both
# lanes with the same arguments; no Group named after the kernel is added.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Grouped:
    @pl.function(type=pl.FunctionType.InCore)
    def mixed(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        am = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        av = pl.tile.move(am, target_memory=pl.MemorySpace.Vec)
        pl.tile.store(av, [0, 0], out)

    @pl.function(type=pl.FunctionType.Group)
    def launch(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        self.mixed(x, y)

# CHECK: @pl.function(type=pl.FunctionType.AIC, level=pl.Level.AIC, role=pl.Role.SubWorker)
# CHECK-NEXT: def mixed_aic(
# CHECK: @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
# CHECK-NEXT: def mixed_aiv(
# CHECK-NOT: def mixed(
# CHECK: @pl.function(type=pl.FunctionType.Group, level=pl.Level.CORE_GROUP, role=pl.Role.SubWorker)
# CHECK-NEXT: def launch(
# CHECK: self.mixed_aic(x, y)
# CHECK-NEXT: self.mixed_aiv(x, y)
# CHECK-NOT: def mixed(
