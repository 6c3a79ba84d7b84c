# attrs['arg_directions'] gives one direction per argument passed, as in
# PyPTO; a submit that leaves out its Out argument gives one fewer.
# RUN: not ptoc %s --passes= --emit=text 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class Tasks:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[64], pl.FP32], y: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]):
        with pl.manual_scope():
            a, first = pl.submit(self.scale, x, attrs={"arg_directions": [pl.adir.input, pl.adir.output]})

# CHECK: attrs_arg_directions_error.py:16:74: error: attrs['arg_directions'] on a call to 'scale' must be a list of one pl.adir value per argument (1)
