# Python's range with a negative step counts down: PTO-AS iterates k over
# the trip count (folded when the bounds are constants, computed for either
# sign of a dynamic step) and derives i = start + k * step; C++ tests the
# bound in the direction of the step.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class CountDown:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, out: pl.Out[pl.Tensor[[1, 16], pl.INDEX]], s: pl.Scalar[pl.INDEX]):
        for i in pl.range(10, 0, -3):
            pl.tensor.write(out, [0, i], i)
        for j in pl.range(0, 16, s):
            pl.tensor.write(out, [0, j], j)

# len(range(10, 0, -3)) == 4: i = 10, 7, 4, 1.
# PTO: scf.for %k = %c0 to %c4 step %c1 {
# PTO-NEXT: %[[M:.*]] = arith.muli %k, %c-3 : index
# PTO-NEXT: %i = arith.addi %c10, %[[M]] : index
# PTO: %[[UP:.*]] = arith.cmpi sgt, %s, %c0 : index
# PTO: %[[C:.*]] = arith.ceildivsi
# PTO-NEXT: %[[TRIP:.*]] = arith.maxsi %[[C]], %c0 : index
# PTO-NEXT: scf.for %k_1 = %c0 to %[[TRIP]] step %c1 {
# PTO-NEXT: %[[M2:.*]] = arith.muli %k_1, %s : index
# PTO-NEXT: %j = arith.addi %c0, %[[M2]] : index

# CCE: for (int64_t i = 10; i > 0; i += -3) {
# CCE: for (int64_t j = 0; (s > 0) ? (j < 16) : (j > 16); j += s) {
