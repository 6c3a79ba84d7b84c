# A submit's dependency edges are its deps=; PyPTO refuses them in attrs=.
# RUN: not ptoc %s --passes= --emit=text 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class Tasks:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]):
        with pl.manual_scope():
            a, first = pl.submit(self.scale, x, y)
            b, second = pl.submit(self.scale, x, y, attrs={"manual_dep_edges": [first]})

# CHECK: attrs_manual_dep_edges_error.py:16:80: error: attrs={'manual_dep_edges': ...} is not accepted on a call to 'scale'; write the edges as deps=[...]
