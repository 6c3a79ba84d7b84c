# Widening a Group's member calls to the Group's parameters keeps what the
# calls said of their arguments: a pl.submit keeps pl.no_dep on the same
# tensor, a call's attrs={"arg_direction_overrides": [...]} (the parser's
# form of pl.no_dep) names the tensor's new position, and arg_directions,
# which described the old argument list, is dropped (as PyPTO does; the
# pipeline derives the directions again).
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text > %t.py
# RUN: FileCheck %s < %t.py
# RUN: ptoc %t.py --passes= --emit=text | FileCheck %s
# CHECK-LABEL: def by_submit(
# CHECK: _cube_out, _cube_tid = pl.submit(self.cube_a, q, out, task)
# CHECK-NEXT: vec_out, _vec_tid = pl.submit(self.vec_a, q, pl.no_dep(out), task)
# CHECK-LABEL: def by_call(
# CHECK: self.cube_b(q, out, task)
# CHECK-NEXT: self.vec_b(q, out, task, attrs={"arg_direction_overrides": [1]})
import pypto.language as pl


@pl.program
class Program:
    @pl.function(type=pl.FunctionType.AIC)
    def cube_a(self, q: pl.Tensor[[16, 16], pl.FP32], task: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
        return q

    @pl.function(type=pl.FunctionType.AIV)
    def vec_a(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], task: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
        return out

    @pl.function(type=pl.FunctionType.Group)
    def by_submit(self, q: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], task: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
        _cube_out, _cube_tid = pl.submit(self.cube_a, q, task)
        vec_out, _vec_tid = pl.submit(self.vec_a, pl.no_dep(out), task, attrs={"arg_directions": [pl.adir.output_existing, pl.adir.scalar]})
        return vec_out

    @pl.function(type=pl.FunctionType.AIC)
    def cube_b(self, q: pl.Tensor[[16, 16], pl.FP32], task: pl.Scalar[pl.INDEX]):
        pass

    @pl.function(type=pl.FunctionType.AIV)
    def vec_b(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], task: pl.Scalar[pl.INDEX]):
        pass

    @pl.function(type=pl.FunctionType.Group)
    def by_call(self, q: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], task: pl.Scalar[pl.INDEX]):
        self.cube_b(q, task)
        self.vec_b(pl.no_dep(out), task)
