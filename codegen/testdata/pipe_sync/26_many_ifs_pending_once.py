# The planner's pending accesses where two paths meet: the state after an
# if and the one before it share their history, and an op pending on both
# is kept once. Appending both copies doubled the list at every if (and
# at every loop end) without a barrier between: the load here was pending
# 2^40 times after these 40 ifs, and the planner ran out of memory. One
# PIPE_ALL, the tail, and no flag.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class ManyIfs:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 64], pl.FP32], n: pl.Scalar[pl.INDEX]):
        x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        if n > 0:
            m0: pl.Scalar[pl.INDEX] = n + 0
        if n > 1:
            m1: pl.Scalar[pl.INDEX] = n + 1
        if n > 2:
            m2: pl.Scalar[pl.INDEX] = n + 2
        if n > 3:
            m3: pl.Scalar[pl.INDEX] = n + 3
        if n > 4:
            m4: pl.Scalar[pl.INDEX] = n + 4
        if n > 5:
            m5: pl.Scalar[pl.INDEX] = n + 5
        if n > 6:
            m6: pl.Scalar[pl.INDEX] = n + 6
        if n > 7:
            m7: pl.Scalar[pl.INDEX] = n + 7
        if n > 8:
            m8: pl.Scalar[pl.INDEX] = n + 8
        if n > 9:
            m9: pl.Scalar[pl.INDEX] = n + 9
        if n > 10:
            m10: pl.Scalar[pl.INDEX] = n + 10
        if n > 11:
            m11: pl.Scalar[pl.INDEX] = n + 11
        if n > 12:
            m12: pl.Scalar[pl.INDEX] = n + 12
        if n > 13:
            m13: pl.Scalar[pl.INDEX] = n + 13
        if n > 14:
            m14: pl.Scalar[pl.INDEX] = n + 14
        if n > 15:
            m15: pl.Scalar[pl.INDEX] = n + 15
        if n > 16:
            m16: pl.Scalar[pl.INDEX] = n + 16
        if n > 17:
            m17: pl.Scalar[pl.INDEX] = n + 17
        if n > 18:
            m18: pl.Scalar[pl.INDEX] = n + 18
        if n > 19:
            m19: pl.Scalar[pl.INDEX] = n + 19
        if n > 20:
            m20: pl.Scalar[pl.INDEX] = n + 20
        if n > 21:
            m21: pl.Scalar[pl.INDEX] = n + 21
        if n > 22:
            m22: pl.Scalar[pl.INDEX] = n + 22
        if n > 23:
            m23: pl.Scalar[pl.INDEX] = n + 23
        if n > 24:
            m24: pl.Scalar[pl.INDEX] = n + 24
        if n > 25:
            m25: pl.Scalar[pl.INDEX] = n + 25
        if n > 26:
            m26: pl.Scalar[pl.INDEX] = n + 26
        if n > 27:
            m27: pl.Scalar[pl.INDEX] = n + 27
        if n > 28:
            m28: pl.Scalar[pl.INDEX] = n + 28
        if n > 29:
            m29: pl.Scalar[pl.INDEX] = n + 29
        if n > 30:
            m30: pl.Scalar[pl.INDEX] = n + 30
        if n > 31:
            m31: pl.Scalar[pl.INDEX] = n + 31
        if n > 32:
            m32: pl.Scalar[pl.INDEX] = n + 32
        if n > 33:
            m33: pl.Scalar[pl.INDEX] = n + 33
        if n > 34:
            m34: pl.Scalar[pl.INDEX] = n + 34
        if n > 35:
            m35: pl.Scalar[pl.INDEX] = n + 35
        if n > 36:
            m36: pl.Scalar[pl.INDEX] = n + 36
        if n > 37:
            m37: pl.Scalar[pl.INDEX] = n + 37
        if n > 38:
            m38: pl.Scalar[pl.INDEX] = n + 38
        if n > 39:
            m39: pl.Scalar[pl.INDEX] = n + 39

# CHECK: TLOAD(x,
# CHECK-NOT: _flag(
# CHECK-NOT: PIPE_ALL
# CHECK: if ((n > 39)) {
# CHECK-NOT: _flag(
# CHECK-NOT: PIPE_ALL
# CHECK: pipe_barrier(PIPE_ALL);
# CHECK-NEXT: #endif
# CHECK-NOT: _flag(
# CHECK-NOT: PIPE_ALL
