# pipe-sync.md §7 case 05: a load before an if whose branches both read it:
# one pair, its set after the load and a wait in each branch right before
# its reader (sync_plan_branches.cc: every path waits once, and no later
# than one wait above the if would); a store after the if of a tile computed in the branches
# gets its set sunk below the if. The store's MTE2->MTE3 dependence on the
# load needs no pair of its own: the chain load -> (MTE2->V) -> relu / exp
# -> (V->MTE3) -> store orders it, and the redundancy sweep removes it.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class IfElse:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]], c: pl.Scalar[pl.INDEX]):
        x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        if c > 0:
            y: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x)
            r: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.yield_(y)
        else:
            z: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.exp(x)
            r: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.yield_(z)
        pl.tile.store(r, [0, 0], out)

# CPP: TLOAD(x, a_gm);
# CPP: set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: if ((c > 0)) {
# CPP-NOT: flag
# CPP: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: TRELU(y, x);
# CPP-NOT: flag
# CPP: } else {
# CPP-NOT: flag
# CPP: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: TEXP(z, x);
# CPP-NOT: flag
# CPP: r = z;
# CPP-NEXT: }
# CPP: set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: TSTORE(out_gm, r);

# PTO: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: scf.if
# PTO-NOT: flag
# PTO: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.trelu
# PTO-NOT: flag
# PTO: } else {
# PTO-NOT: flag
# PTO: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.texp
# PTO-NOT: flag
# PTO: } loc(
# PTO: pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.tstore
