# pipe-sync.md §7 case 03 (as planned today): load -> relu -> store in a
# loop: flags inside the body; the loop starts and every iteration ends
# drained (pipe_barrier(PIPE_ALL) at the end of the body), so no pair is
# carried by the loop (prime / drain pairs are not implemented yet).
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class LoopSingle:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[4, 64], pl.FP32], out: pl.Out[pl.Tensor[[4, 64], pl.FP32]]):
        for i in pl.range(4):
            x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [i, 0], [1, 64])
            y: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x)
            pl.tile.store(y, [i, 0], out)

# CPP-NOT: PIPE_ALL
# CPP: for (int64_t i = 0; i < 4; i += 1) {
# CPP: TLOAD(x, a_gm);
# CPP: set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: TRELU(y, x);
# CPP: set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: TSTORE(out_gm, y);
# CPP-NEXT: pipe_barrier(PIPE_ALL);
# CPP-NEXT: }
# CPP-NOT: PIPE_ALL
# CPP: #endif

# PTO: scf.for
# PTO: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.trelu
# PTO: pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.tstore
# PTO-NEXT: pto.barrier <PIPE_ALL>
# PTO-NEXT: } loc(
# PTO-NEXT: return
