# A region invalidate at a run-time row after a DMA store into it, flags
# mode: the invalidate is one scalar machine op (one sync before it: a
# PIPE_ALL, cheaper here than an MTE3->S pair as nothing else runs beside
# the store) however many lines its loop visits: the line of the row's
# first element, then an scf.for / for over the lines that start in the
# row; no sync inside the loop, and no tail barrier after it, as only the
# scalar unit works after that PIPE_ALL (pipe-sync.md §1, DCCI on S).
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class RunTimeInvalidate:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 64], pl.FP32], out: pl.InOut[pl.Tensor[[8, 64], pl.FP32]], row: pl.Scalar[pl.INDEX]):
        x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        pl.tile.store(x, [row, 0], out)
        pl.system.cacheinvalid(out, [1, 64], [row, 0])

# CPP: TSTORE(out_gm, x);
# CPP-NEXT: // {{.*}}16_run_time_invalidate.py:{{[0-9]+}}
# CPP-NEXT: pipe_barrier(PIPE_ALL);
# CPP-NEXT: // a run of 64 elements at a run-time position: its cache lines in a loop
# CPP-NEXT: int64_t line_first = row * 64;
# CPP-NEXT: int64_t line_skew = {{.*}}(out) % 64 / 4);
# CPP-NEXT: dcci(out + line_first, cache_line_t::SINGLE_CACHE_LINE);
# CPP-NEXT: for (int64_t line = ((line_first + line_skew) / 16 + 1) * 16 - line_skew; line < line_first + 64; line += 16) {
# CPP-NEXT: dcci(out + line, cache_line_t::SINGLE_CACHE_LINE);
# CPP-NEXT: }
# CPP-NOT: _flag(
# CPP-NOT: pipe_barrier

# PTO: pto.tstore
# PTO-NEXT: pto.barrier <PIPE_ALL>
# PTO-NEXT: // a run of 64 elements at a run-time position: its cache lines in a loop
# PTO-NEXT: pto.partition_view %out_view, offsets = [%row, %c0], sizes = [%c1, %c1]
# PTO-NEXT: pto.cmo.cacheinvalid {{.*}} single_cache_line
# PTO: scf.for %line = {{.*}} step %c16 {
# PTO-NOT: _flag
# PTO: pto.cmo.cacheinvalid {{.*}} single_cache_line
# PTO-NEXT: }
# PTO-NEXT: return
