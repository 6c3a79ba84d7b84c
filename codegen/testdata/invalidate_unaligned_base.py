# A region invalidate at a run-time position whose tensor base is not at a
# 64-byte line start: the loop finds the lines from the base's address (its
# skew past a line start, in elements), so it covers every line the run
# touches however the base lies. The C++ loop is compiled with a stand-in
# dcci and checked against the touched lines for bases 0-15 floats past a
# line start (invalidate_unaligned_base_check.cc); PTO-AS computes the skew
# with pto.ptrtoint.
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce -o %t.cpp
# RUN: mkdir -p %t.dir && sed -n '/a run of 20 elements/,/^  }$/p' %t.cpp > %t.dir/invalidate_loop.inc
# RUN: g++ -std=c++17 -I%t.dir %S/invalidate_unaligned_base_check.cc -o %t.check
# RUN: %t.check | FileCheck %s --check-prefix=RESULT
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class InvalidateUnaligned:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[4, 40], pl.FP32], row: pl.Scalar[pl.INDEX], col: pl.Scalar[pl.INDEX]):
        pl.system.cacheinvalid(a, [1, 20], [row, col])

# CCE: // a run of 20 elements at a run-time position: its cache lines in a loop
# CCE-NEXT: int64_t line_first = row * 40 + col;
# CCE-NEXT: int64_t line_skew = static_cast<int64_t>(reinterpret_cast<uintptr_t>(a) % 64 / 4);
# CCE-NEXT: dcci(a + line_first, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: for (int64_t line = ((line_first + line_skew) / 16 + 1) * 16 - line_skew; line < line_first + 20; line += 16) {
# CCE-NEXT: dcci(a + line, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: }

# PTO: // a run of 20 elements at a run-time position: its cache lines in a loop
# PTO: pto.cmo.cacheinvalid
# PTO: %[[ADDR:.*]] = pto.ptrtoint %a : !pto.ptr<f32> -> i64
# PTO-NEXT: %[[INTO:.*]] = arith.remui %[[ADDR]], %c64_i64 : i64
# PTO-NEXT: %[[SKEW64:.*]] = arith.divui %[[INTO]], %c4_i64 : i64
# PTO-NEXT: %[[SKEW:.*]] = arith.index_cast %[[SKEW64]] : i64 to index
# PTO-NEXT: %[[SKEWED:.*]] = arith.addi %[[FIRST:.*]], %[[SKEW]] : index
# PTO-NEXT: %[[Q:.*]] = arith.divsi %[[SKEWED]], %c16 : index
# PTO-NEXT: %[[N:.*]] = arith.addi %[[Q]], %c1 : index
# PTO-NEXT: %[[L:.*]] = arith.muli %[[N]], %c16 : index
# PTO-NEXT: %[[S:.*]] = arith.subi %[[L]], %[[SKEW]] : index
# PTO-NEXT: %[[E:.*]] = arith.addi %[[FIRST]], %c20 : index
# PTO-NEXT: scf.for %line = %[[S]] to %[[E]] step %c16 {
# PTO: pto.cmo.cacheinvalid

# RESULT: checked 1344 regions, 0 wrong
