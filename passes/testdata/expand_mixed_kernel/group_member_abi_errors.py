# What cannot be given a Group's parameters, each a located error: a member
# the Group calls twice with different arguments (the lanes share one
# argument list), and a member whose body is bound outside the program
# (external_source=, or `...` in PyPTO's runtime-bound SubWorker), which
# ptoc cannot rewrite.
# RUN: not ptoc %s --passes=expand-mixed-kernel --emit=text 2>&1 | FileCheck %s
# CHECK: group_member_abi_errors.py:[[@LINE+20]]:9: error: Group 'twice' calls 'vec_side' twice with different arguments; the lanes of a Group share one argument list
# CHECK: group_member_abi_errors.py:[[@LINE+27]]:9: error: Group 'bound' calls 'ext_cube' with arguments other than its own parameters, and 'ext_cube' is bound outside the program (external_source or a body of `...`), so it cannot be given them: declare both lanes with the Group's parameters and pass them in order
# CHECK-NOT: internal error
import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.AIC)
    def cube_side(self, a: pl.Tensor[[16, 16], pl.FP32]):
        pass

    @pl.function(type=pl.FunctionType.AIV)
    def vec_side(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        pass

    @pl.function(type=pl.FunctionType.Group)
    def twice(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]], z: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        self.cube_side(x)
        self.vec_side(y)
        self.vec_side(z)

    @pl.function(type=pl.FunctionType.AIC, external_source="ext_cube.cpp")
    def ext_cube(self, a: pl.Tensor[[16, 16], pl.FP32]):
        pass

    @pl.function(type=pl.FunctionType.Group)
    def bound(self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        self.ext_cube(x)
        self.vec_side(y)
