# `row: pl.Scalar[pl.INT64] = <an INDEX value>`: PyPTO's annotation rule
# gives the name the annotation's dtype; both code generators convert the
# value to it where it is bound, and back where an index is needed.
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        for i in pl.range(2):
            row: pl.Scalar[pl.INT64] = i * 16
            t = pl.load(a, [row, 0], [16, 16])
            pl.store(t, [row, 0], out)

# PTO: [[MUL:%[0-9]+]] = arith.muli %i, %c16 : index
# PTO-NEXT: [[ROW:%[0-9]+]] = arith.index_cast [[MUL]] : index to i64
# PTO-NEXT: {{%[0-9]+}} = arith.index_cast [[ROW]] : i64 to index
# CCE: int64_t row = static_cast<int64_t>((i * 16));
