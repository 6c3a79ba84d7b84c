# A region invalidate whose position is only known at run time (offsets
# from a scalar, or a tensor whose row stride is dynamic) is, when it is one
# run of the last dim, the line of its first element and then a loop over
# the lines that start inside the run (line starts are found from the
# tensor base's address, which need not be 64-byte aligned:
# invalidate_unaligned_base.py); a run-time region of several rows
# falls back to the whole-GM invalidate.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class InvalidateRunTime:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[8, 16], pl.FP32], b: pl.Tensor[[4, n], pl.FP32], row: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.INDEX]):
        pl.system.cacheinvalid(a, [1, 16], [row, 0])
        pl.system.cacheinvalid(b, [1, 4], [1, 0])
        pl.system.cacheinvalid(a, [2, 16], [row, 0])

# PTO: // a run of 16 elements at a run-time position: its cache lines in a loop
# PTO-NEXT: %[[P0:.*]] = pto.partition_view %a_view, offsets = [%row, %c0], sizes = [%c1, %c1] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x1xf32> loc("{{.*}}":18:9)
# PTO-NEXT: pto.cmo.cacheinvalid %[[P0]] single_cache_line : !pto.partition_tensor_view<1x1xf32>
# PTO-NEXT: %[[F:.*]] = arith.muli %row, %c16 : index
# PTO-NEXT: %[[A:.*]] = pto.ptrtoint %a : !pto.ptr<f32> -> i64
# PTO-NEXT: %[[R:.*]] = arith.remui %[[A]], %c64_i64 : i64
# PTO-NEXT: %[[K64:.*]] = arith.divui %[[R]], %c4_i64 : i64
# PTO-NEXT: %[[K:.*]] = arith.index_cast %[[K64]] : i64 to index
# PTO-NEXT: %[[FK:.*]] = arith.addi %[[F]], %[[K]] : index
# PTO-NEXT: %[[Q:.*]] = arith.divsi %[[FK]], %c16 : index
# PTO-NEXT: %[[N:.*]] = arith.addi %[[Q]], %c1 : index
# PTO-NEXT: %[[L:.*]] = arith.muli %[[N]], %c16 : index
# PTO-NEXT: %[[S:.*]] = arith.subi %[[L]], %[[K]] : index
# PTO-NEXT: %[[E:.*]] = arith.addi %[[F]], %c16 : index
# PTO-NEXT: scf.for %line = %[[S]] to %[[E]] step %c16 {
# PTO-NEXT: %[[D:.*]] = arith.subi %line, %[[F]] : index
# PTO-NEXT: %[[C:.*]] = arith.addi %c0, %[[D]] : index
# PTO-NEXT: %[[P1:.*]] = pto.partition_view %a_view, offsets = [%row, %[[C]]], sizes = [%c1, %c1]
# PTO-NEXT: pto.cmo.cacheinvalid %[[P1]] single_cache_line
# PTO-NEXT: } loc("{{.*}}":18:9)
# PTO: // a run of 4 elements at a run-time position: its cache lines in a loop
# PTO-NEXT: pto.partition_view %b_view, offsets = [%c1, %c0], sizes = [%c1, %c1]
# PTO-NEXT: pto.cmo.cacheinvalid
# PTO-NEXT: arith.muli %c1, %n : index
# PTO: scf.for %line_1 =
# PTO: } loc("{{.*}}":19:9)
# PTO-NEXT: // the region's offsets or sizes are not known at compile time: invalidate all of GM
# PTO-NEXT: pto.cmo.cacheinvalid all #pto.address_space<gm> loc("{{.*}}":20:9)

# CCE: int64_t line_first = row * 16;
# CCE-NEXT: int64_t line_skew = static_cast<int64_t>(reinterpret_cast<uintptr_t>(a) % 64 / 4);
# CCE-NEXT: dcci(a + line_first, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: for (int64_t line = ((line_first + line_skew) / 16 + 1) * 16 - line_skew; line < line_first + 16; line += 16) {
# CCE-NEXT: dcci(a + line, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: }
# CCE: int64_t line_first_1 = 1 * n;
# CCE-NEXT: int64_t line_skew_1 = static_cast<int64_t>(reinterpret_cast<uintptr_t>(b) % 64 / 4);
# CCE-NEXT: dcci(b + line_first_1, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: for (int64_t line_1 = ((line_first_1 + line_skew_1) / 16 + 1) * 16 - line_skew_1; line_1 < line_first_1 + 4; line_1 += 16) {
# CCE: // the region's offsets or sizes are not known at compile time: invalidate all of GM
# CCE-NEXT: dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);
