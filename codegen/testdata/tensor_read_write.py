# tensor.read / tensor.write are scalar accesses through the data cache:
# load_scalar / store_scalar at the row-major linear index.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Scalars:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, t: pl.Tensor[[4, 8], pl.INT32], i: pl.Scalar[pl.INDEX]):
        v: pl.Scalar[pl.INT32] = pl.tensor.read(t, [i, 3])
        pl.tensor.write(t, [2, 1], v + 1)

# PTO: %[[ROW:.*]] = arith.muli %i, %c8 : index
# PTO-NEXT: %[[IDX:.*]] = arith.addi %[[ROW]], %c3 : index
# PTO-NEXT: %v = pto.load_scalar %t[%[[IDX]]] : !pto.ptr<i32> -> i32
# PTO-NEXT: %[[SUM:.*]] = arith.addi %v, %c1_i32 : i32
# PTO-NEXT: pto.store_scalar %[[SUM]], %t[%c17] : !pto.ptr<i32>, i32

# CCE: int32_t v = t[i * 8 + 3];
# CCE: t[17] = (v + 1);
