# examples/ring_allreduce.py with --narrow-regions, flags mode: its three
# region invalidates (after each store into the window `scratch`) are at a
# run-time column (a chunk index times chunk_elems), so each becomes the
# run-time line loop over the chunk's 64 floats: the line of the first
# element, then every line that starts in the chunk, found from the
# window's address (not a whole-cache flush, and no flag inside the loop:
# it is one scalar machine op after the store's MTE3 -> S pair, or after
# a PIPE_ALL where nothing else runs beside the store).
# RUN: ptoc examples/ring_allreduce.py --narrow-regions --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc examples/ring_allreduce.py --narrow-regions --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO

# CCE: TSTORE(scratch_gm, part);
# CCE-NOT: ENTIRE_DATA_CACHE
# CCE: pipe_barrier(PIPE_ALL);
# CCE-NEXT: // a run of 64 elements at a run-time position: its cache lines in a loop
# CCE-NEXT: int64_t line_first = (c * chunk_elems);
# CCE-NEXT: int64_t line_skew = static_cast<int64_t>(reinterpret_cast<uintptr_t>(scratch) % 64 / 4);
# CCE-NEXT: dcci(scratch + line_first, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: for (int64_t line = ((line_first + line_skew) / 16 + 1) * 16 - line_skew; line < line_first + 64; line += 16) {
# CCE-NEXT: dcci(scratch + line, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: }
# CCE-NEXT: // examples/ring_allreduce.py:25
# CCE-NEXT: pipe_barrier(PIPE_ALL);
# CCE-NEXT: dsb(DSB_DDR);

# CCE: TSTORE(scratch_gm_3, total);
# CCE-NOT: ENTIRE_DATA_CACHE
# CCE: wait_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);
# CCE-NEXT: // a run of 64 elements at a run-time position: its cache lines in a loop
# CCE-NEXT: int64_t line_first_1 = (mine * chunk_elems);
# CCE-NEXT: int64_t line_skew_1 = {{.*}}(scratch) % 64 / 4);
# CCE-NEXT: dcci(scratch + line_first_1, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: for (int64_t line_1 = {{.*}}; line_1 < line_first_1 + 64; line_1 += 16) {
# CCE-NEXT: dcci(scratch + line_1, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: }

# CCE: TSTORE(scratch_gm_5, got);
# CCE-NOT: ENTIRE_DATA_CACHE
# CCE: wait_flag(PIPE_MTE3, PIPE_S, EVENT_ID0);
# CCE-NEXT: // a run of 64 elements at a run-time position: its cache lines in a loop
# CCE-NEXT: int64_t line_first_2 = (slot * chunk_elems);
# CCE-NEXT: int64_t line_skew_2 = {{.*}}(scratch) % 64 / 4);
# CCE-NEXT: dcci(scratch + line_first_2, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: for (int64_t line_2 = {{.*}}; line_2 < line_first_2 + 64; line_2 += 16) {
# CCE-NEXT: dcci(scratch + line_2, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: }

# PTO: pto.tstore ins(%part
# PTO-NOT: cacheinvalid
# PTO: pto.barrier <PIPE_ALL>
# PTO-NEXT: // a run of 64 elements at a run-time position: its cache lines in a loop
# PTO-NEXT: %[[FIRST:.*]] = pto.partition_view %scratch_view, offsets = [%c0, %[[COL:[0-9]+]]], sizes = [%c1, %c1]
# PTO-NEXT: pto.cmo.cacheinvalid %[[FIRST]] single_cache_line
# PTO-NEXT: %[[ADDR:[0-9]+]] = pto.ptrtoint %scratch : !pto.ptr<f32> -> i64
# PTO-NEXT: %[[INTO:[0-9]+]] = arith.remui %[[ADDR]], %c64_i64 : i64
# PTO-NEXT: %[[SK:[0-9]+]] = arith.divui %[[INTO]], %c4_i64 : i64
# PTO-NEXT: %[[SKEW:[0-9]+]] = arith.index_cast %[[SK]] : i64 to index
# PTO-NEXT: arith.addi %[[COL]], %[[SKEW]] : index
# PTO: %[[START:[0-9]+]] = arith.subi %{{[0-9]+}}, %[[SKEW]] : index
# PTO-NEXT: %[[END:[0-9]+]] = arith.addi %[[COL]], %c64 : index
# PTO-NEXT: scf.for %line = %[[START]] to %[[END]] step %c16 {
# PTO-NOT: _flag
# PTO: pto.cmo.cacheinvalid %{{.*}} single_cache_line
# PTO-NEXT: } loc("examples/ring_allreduce.py":25:13)
# PTO-NEXT: pto.fence.barrier_all

# PTO: pto.tstore ins(%total
# PTO-NOT: cacheinvalid
# PTO: pto.set_flag[<PIPE_MTE3>, <PIPE_S>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE3>, <PIPE_S>, <EVENT_ID0>]
# PTO-NEXT: // a run of 64 elements at a run-time position: its cache lines in a loop
# PTO: pto.ptrtoint %scratch
# PTO: scf.for %line_{{[0-9]+}} = {{.*}} step %c16 {
# PTO-NOT: _flag
# PTO: } loc("examples/ring_allreduce.py":38:13)
# PTO-NEXT: pto.fence.barrier_all

# PTO: pto.tstore ins(%got
# PTO-NOT: cacheinvalid
# PTO: pto.set_flag[<PIPE_MTE3>, <PIPE_S>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE3>, <PIPE_S>, <EVENT_ID0>]
# PTO-NEXT: // a run of 64 elements at a run-time position: its cache lines in a loop
# PTO: pto.ptrtoint %scratch
# PTO: scf.for %line_{{[0-9]+}} = {{.*}} step %c16 {
# PTO-NOT: _flag
# PTO: } loc("examples/ring_allreduce.py":50:13)
# PTO-NEXT: pto.fence.barrier_all
