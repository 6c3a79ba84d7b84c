# When something other than a Group calls the mixed kernel, a Group with the
# kernel's name, parameters and attributes is added after the two lanes, so
# the caller keeps working.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Called:
    @pl.function(type=pl.FunctionType.InCore, attrs={"slot_num": 4})
    def mixed(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        am = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        av = pl.tile.move(am, target_memory=pl.MemorySpace.Vec)
        pl.tile.store(av, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        self.mixed(x, y)

# CHECK: @pl.function(type=pl.FunctionType.AIC, level=pl.Level.AIC, role=pl.Role.SubWorker, attrs={"slot_num": 4})
# CHECK-NEXT: def mixed_aic(
# CHECK: @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker, attrs={"slot_num": 4})
# CHECK-NEXT: def mixed_aiv(
# CHECK: @pl.function(type=pl.FunctionType.Group, level=pl.Level.CORE_GROUP, role=pl.Role.SubWorker, attrs={"slot_num": 4})
# CHECK-NEXT: def mixed(
# CHECK: self.mixed_aic(a, out)
# CHECK-NEXT: self.mixed_aiv(a, out)
# CHECK: @pl.function(type=pl.FunctionType.Orchestration)
# CHECK-NEXT: def main(
# CHECK: self.mixed(x, y)
