# A region that lies outside its tensor is a diagnostic at the invalidate.
# RUN: not ptoc %s --passes= --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes= --emit=cce 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class InvalidateOutside:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[4, 16], pl.FP32]):
        pl.system.cacheinvalid(a, [2, 16], [3, 0])

# CHECK: invalidate_out_of_bounds_error.py:12:9: error: invalidate of 'a': the region [3, 5) of dim 0 lies outside the tensor (size 4)
# CHECK-NEXT: pl.system.cacheinvalid(a, [2, 16], [3, 0])
# CHECK-NEXT: ^
