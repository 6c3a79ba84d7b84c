# A region that lies outside its tensor is a diagnostic at the invalidate
# (the verifier's, before code generation, on every target).
# RUN: not ptoc %s --passes= --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes= --emit=cce 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class InvalidateOutside:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[4, 16], pl.FP32]):
        pl.system.cacheinvalid(a, [2, 16], [3, 0])

# CHECK: invalidate_out_of_bounds_error.py:13:45: error: 'system.cacheinvalid' is out of bounds of 'a' in dimension 0: offset 3 + extent 2 = 5 exceeds its size 4 by 1
# CHECK-NEXT: pl.system.cacheinvalid(a, [2, 16], [3, 0])
# CHECK-NEXT: ^
