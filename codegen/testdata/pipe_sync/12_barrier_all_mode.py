# pipe-sync.md §7 case 12: --pipe-sync=barrier-all gives the output of
# before the flags planner: PIPE_ALL between dependent ops, no flags, no
# addresses in PTO-AS; a later tool reads the mode recorded in the
# program, and flags is the default when none is recorded.
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pb -o %t.pb && ptoc-codegen %t.pb --target=cce | FileCheck %s --check-prefix=RECORDED
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=pb -o %t.ba.pb && ptoc-codegen %t.ba.pb --target=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=pb -o %t.default.pb && ptoc-codegen %t.default.pb --target=cce | FileCheck %s --check-prefix=RECORDED
import pypto.language as pl


@pl.program
class BarrierAll:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
        x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        y: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x)
        pl.tile.store(y, [0, 0], out)

# CPP-NOT: Pipe synchronisation
# CPP-NOT: flag
# CPP: pipe_barrier(PIPE_ALL);
# CPP-NEXT: TRELU(y, x);
# CPP: pipe_barrier(PIPE_ALL);
# CPP-NEXT: TSTORE(out_gm, y);
# PTO-NOT: flag
# PTO-NOT: addr =
# PTO-NOT: pto.barrier
# PTO: return
# RECORDED: // Pipe synchronisation: flags
# RECORDED: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
