# The valid part of a load must fit the tensor: 8 valid rows at row 16 of a
# 20-row tensor reach row 24 (PyPTO: "reads past the end of dimension 0").
# ptoc has no clamp=True narrowing: the valid shape is checked as written.
# RUN: not ptoc %s --passes= --emit=text 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class Tail:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[20, 64], pl.FP32]):
        t = pl.tile.load(x, [16, 0], [16, 64], valid_shape=[8, 64])

# CHECK: valid_shape_out_of_bounds_error.py:12:30: error: 'tile.load' is out of bounds of 'x' in dimension 0: offset 16 + extent 8 = 24 exceeds its size 20 by 4
