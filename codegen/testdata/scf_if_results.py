# A branch yielding values: scf.if with results in PTO-AS; in C++ a variable
# declared before the if and assigned in both branches.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Branch:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, out: pl.Out[pl.Tensor[[1, 16], pl.INDEX]], a: pl.Scalar[pl.INDEX], b: pl.Scalar[pl.INDEX]):
        if a < b and a >= 0:
            m = pl.yield_(a)
        else:
            m = pl.yield_(b * 2)
        pl.tensor.write(out, [0, 0], m)

# PTO: %[[LT:.*]] = arith.cmpi slt, %a, %b : index
# PTO-NEXT: %[[GE:.*]] = arith.cmpi sge, %a, %c0 : index
# PTO-NEXT: %[[AND:.*]] = arith.andi %[[LT]], %[[GE]] : i1
# PTO-NEXT: %m = scf.if %[[AND]] -> (index) {
# PTO-NEXT: scf.yield %a : index
# PTO-NEXT: } else {
# PTO-NEXT: %[[D:.*]] = arith.muli %b, %c2 : index
# PTO-NEXT: scf.yield %[[D]] : index
# PTO-NEXT: } loc(
# INDEX values are stored as i64.
# PTO-NEXT: %[[W:.*]] = arith.index_cast %m : index to i64
# PTO-NEXT: pto.store_scalar %[[W]], %out[%c0] : !pto.ptr<i64>, i64

# CCE: int64_t m;
# CCE-NEXT: if (((a < b) && (a >= 0))) {
# CCE-NEXT: m = a;
# CCE-NEXT: } else {
# CCE-NEXT: m = (b * 2);
# CCE-NEXT: }
