# After the split a Group may call the mixed kernel only as a statement
# (`self.F(..)`, `x = self.F(..)`, `a, b = self.F(..)`, `return self.F(..)`),
# which the pass rewrites into the AIC call and the AIV call giving back the
# value; a use of the value inside an expression is an error at the call.
# RUN: not ptoc %s --passes=expand-mixed-kernel --emit=text 2>&1 | FileCheck %s
# CHECK: return_group_expression_error.py:23:16: error: the Group uses the value of the mixed kernel 'fine' inside an expression; after the split a Group may call it only as a statement: `self.F(...)`, `x = self.F(...)`, `a, b = self.F(...)` or `return self.F(...)`
import pypto.language as pl


@pl.program
class GroupExpression:
    @pl.function(type=pl.FunctionType.InCore)
    def fine(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        am = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        av = pl.tile.move(am, target_memory=pl.MemorySpace.Vec)
        out = pl.tile.store(av, [0, 0], out)
        return out

    @pl.function(type=pl.FunctionType.Group)
    def launch(
        self, x: pl.Tensor[[16, 16], pl.FP32], y: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
    ) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        return self.fine(x, y), x
