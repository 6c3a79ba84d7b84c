# The functions the split makes carry the level and role PyPTO stamps on
# them (its Function derives both from the type; its printer prints them):
# AIC and AIV lanes level AIC / AIV, the Group CORE_GROUP, all SubWorker; a
# retyped kernel gets its new type's, not the InCore's CHIP_DIE. The parser
# takes them back (one that disagrees with the type is an error, as in
# PyPTO), so the output reads back as itself.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text > %t.py
# RUN: ptoc %t.py --passes= --emit=text | FileCheck %s
# RUN: sed 's/level=pl.Level.AIV, role/level=pl.Level.AIC, role/' %t.py > %t.bad.py
# RUN: not ptoc %t.bad.py --passes= --emit=text 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: error: type=pl.FunctionType.AIV implies level=pl.Level.AIV
import pypto.language as pl


@pl.program
class Stamped:
    # CHECK: @pl.function(type=pl.FunctionType.AIC, level=pl.Level.AIC, role=pl.Role.SubWorker)
    # CHECK-NEXT: def mm_relu_aic(
    # CHECK: @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    # CHECK-NEXT: def mm_relu_aiv(
    # CHECK: @pl.function(type=pl.FunctionType.Group, level=pl.Level.CORE_GROUP, role=pl.Role.SubWorker)
    # CHECK-NEXT: def mm_relu(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def mm_relu(self, a: pl.Tensor[[16, 16], pl.FP16], b: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        am = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        al = pl.tile.move(am, target_memory=pl.Mem.Left)
        bm = pl.tile.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        br = pl.tile.move(bm, target_memory=pl.Mem.Right)
        c = pl.tile.matmul(al, br)
        cv = pl.tile.move(c, target_memory=pl.Mem.Vec)
        r = pl.tile.relu(cv)
        pl.tile.store(r, [0, 0], out)

    # CHECK: @pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV, role=pl.Role.SubWorker)
    # CHECK-NEXT: def vector_only(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def vector_only(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        v = pl.tile.load(x, [0, 0], [16, 16])
        pl.tile.store(pl.tile.relu(v), [0, 0], out)
# CHECK-NOT: CHIP_DIE
