# pl.submit(..., attrs={...}) is read as PyPTO's kernel-call parser reads it
# (any key but manual_dep_edges; dummy_task included) and printed as PyPTO's
# printer writes a Submit: the dict last, after deps= and
# allow_early_resolve=, however it was written; print -> parse -> print is a
# fixed point and the .pb keeps the dict.
# RUN: ptoc %s --passes= --emit=text > %t.1
# RUN: FileCheck %s < %t.1
# RUN: ptoc %t.1 --passes= --emit=text > %t.2
# RUN: diff %t.1 %t.2
# RUN: ptoc %s --passes= --emit=pb -o %t.pb
# RUN: ptoc %t.pb --passes= --emit=text | diff %t.1 -
import pypto.language as pl


@pl.program
class Tasks:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
        with pl.manual_scope():
            a, first = pl.submit(self.scale, x, y, attrs={"arg_direction_overrides": [0]})
            b, second = pl.submit(self.scale, x, y, attrs={"arg_directions": [pl.adir.input, pl.adir.output_existing], "dummy_task": False}, deps=[first], allow_early_resolve=True)

# CHECK: a, first = pl.submit(self.scale, x, y, attrs={"arg_direction_overrides": [0]})
# CHECK: b, second = pl.submit(self.scale, x, y, deps=[first], allow_early_resolve=True, attrs={"arg_directions": [pl.adir.input, pl.adir.output_existing], "dummy_task": False})
