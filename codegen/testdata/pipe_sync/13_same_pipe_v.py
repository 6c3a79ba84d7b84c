# pipe-sync.md §7 case 13: exp -> add on one pipe: pipe_barrier(PIPE_V) on
# a2a3, where V is pipelined; nothing on a5, where V runs in order.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=A2A3
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce --backend=a5 | FileCheck %s --check-prefix=A5
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class SamePipe:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
        x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        e: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.exp(x)
        s: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.add(e, x)
        pl.tile.store(s, [0, 0], out)

# A2A3: TEXP(e, x);
# A2A3: pipe_barrier(PIPE_V);
# A2A3-NEXT: TADD(s, e, x);
# A5: TEXP(e, x);
# A5-NOT: pipe_barrier(PIPE_V)
# A5: TADD(s, e, x);
# PTO: pto.texp
# PTO: pto.barrier <PIPE_V>
# PTO-NEXT: pto.tadd
