# A kernel with cube work only becomes AIC, one with vector work only (or
# with lane-"any" statements only) becomes AIV; nothing else changes and no
# Group is added.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
# RUN: ptoc %s --passes=expand-mixed-kernel --backend=a5 --emit=text | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Retype:
    # CHECK: @pl.function(type=pl.FunctionType.AIC, level=pl.Level.AIC, role=pl.Role.SubWorker)
    # CHECK-NEXT: def cube_only(
    @pl.function(type=pl.FunctionType.InCore)
    def cube_only(self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        al = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Left)
        br = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Right)
        c = pl.tile.matmul(al, br)
        pl.tile.store(c, [0, 0], out)
        # CHECK: pl.tile.store(c, [0, 0], out)
        # CHECK-NOT: pl.tile.tpush

    # CHECK: @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    # CHECK-NEXT: def vector_only(
    @pl.function(type=pl.FunctionType.InCore)
    def vector_only(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        v = pl.tile.load(a, [0, 0], [16, 16])
        r = pl.tile.relu(v)
        pl.tile.store(r, [0, 0], out)

    # CHECK: @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    # CHECK-NEXT: def scalar_only(
    @pl.function(type=pl.FunctionType.InCore)
    def scalar_only(self, flag: pl.InOut[pl.Tensor[[1, 1], pl.INT32]]):
        pl.tensor.write(flag, [0, 0], 1)
        pl.system.fence()
# CHECK-NOT: FunctionType.Group
# CHECK-NOT: FunctionType.InCore
