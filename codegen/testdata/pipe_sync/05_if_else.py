# pipe-sync.md §7 case 05: a load right before an if whose branches both
# read it: each branch gets its own pair, set at the branch's start (no MTE2
# work came after the load, so it covers what a set after the load would)
# and waited right before the reader (sync_plan_branches.cc); the branches
# never run together, so both take EVENT_ID0. A store after the if of a tile computed in the branches
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
# CPP-NOT: flag
# CPP: if ((c > 0)) {
# CPP-NOT: TRELU
# CPP: set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: TRELU(y, x);
# CPP-NOT: flag
# CPP: } else {
# CPP-NOT: TEXP
# CPP: set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_MTE2, PIPE_V, EVENT_ID0);
# CPP-NEXT: TEXP(z, x);
# CPP-NOT: flag
# CPP: r = z;
# CPP-NEXT: }
# CPP: set_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0);
# CPP-NEXT: TSTORE(out_gm, r);

# PTO: pto.tload
# PTO-NOT: flag
# PTO: scf.if
# PTO-NOT: flag
# PTO: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.trelu
# PTO-NOT: flag
# PTO: } else {
# PTO-NOT: flag
# PTO: pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
# PTO-NEXT: pto.texp
# PTO-NOT: flag
# PTO: } loc(
# PTO: pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.tstore
