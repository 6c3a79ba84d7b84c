# Integer // and % round toward minus infinity, as in Python: PTO-AS uses
# arith.floordivsi and a - (a // b) * b; C++ uses the ptoc_floordiv /
# ptoc_mod helpers the file defines, which the last RUN lines compile and
# check against a table of Python's results (negative operands included).
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --emit=cce -o %t.cpp
# RUN: sed -n '/^template/,/^}/p' %t.cpp > %t.helpers.h
# RUN: g++ -std=c++17 -DAICORE= -include %t.helpers.h %S/floordiv_mod_check.cc -o %t.check
# RUN: %t.check | FileCheck %s --check-prefix=RESULT
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class FloorDivMod:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, out: pl.Out[pl.Tensor[[1, 8], pl.INT32]], a: pl.Scalar[pl.INT32], b: pl.Scalar[pl.INT32], me: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.INDEX]):
        q: pl.Scalar[pl.INT32] = a // b
        r: pl.Scalar[pl.INT32] = a % b
        left: pl.Scalar[pl.INDEX] = (me - 1 + n) % n
        pl.tensor.write(out, [0, 0], q)
        pl.tensor.write(out, [0, 1], r)
        pl.tensor.write(out, [0, left], 0)

# PTO: %q = arith.floordivsi %a, %b : i32
# PTO-NEXT: %[[Q:.*]] = arith.floordivsi %a, %b : i32
# PTO-NEXT: %[[M:.*]] = arith.muli %[[Q]], %b : i32
# PTO-NEXT: %r = arith.subi %a, %[[M]] : i32
# PTO-NEXT: %[[D:.*]] = arith.subi %me, %c1 : index
# PTO-NEXT: %[[S:.*]] = arith.addi %[[D]], %n : index
# PTO-NEXT: %[[Q2:.*]] = arith.floordivsi %[[S]], %n : index
# PTO-NEXT: %[[M2:.*]] = arith.muli %[[Q2]], %n : index
# PTO-NEXT: %left = arith.subi %[[S]], %[[M2]] : index

# CCE: AICORE inline T ptoc_floordiv(T a, T b) {
# CCE: AICORE inline T ptoc_mod(T a, T b) {
# CCE: int32_t q = ptoc_floordiv<int32_t>(a, b);
# CCE: int32_t r = ptoc_mod<int32_t>(a, b);
# CCE: int64_t left = ptoc_mod<int64_t>(((me - 1) + n), n);

# RESULT: 0 failures
