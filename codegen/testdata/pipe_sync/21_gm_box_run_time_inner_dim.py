# GM regions by offset need static inner dims (pipe-sync.md §2.1): in a
# tensor of [4, n] elements with n known only at run time, the region
# [0, 16:32) and the row [1, 0:16) are the same memory when n is 16, so the
# load of [0, 16:32) after the store into row 1 keeps its MTE3 -> MTE2 pair
# (per-dim boxes alone would call them disjoint and drop it). With static
# inner dims the same two regions are disjoint: no pair.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=cce | FileCheck %s --check-prefix=CPP
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class GmRunTimeDim:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 16], pl.FP32], out: pl.InOut[pl.Tensor[[4, n], pl.FP32]],
          n: pl.Scalar[pl.INDEX]):
        x: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 16])
        pl.tile.store(x, [1, 0], out)
        y: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(out, [0, 16], [1, 16])

    @pl.function(type=pl.FunctionType.AIV)
    def s(self, a: pl.Tensor[[1, 16], pl.FP32], out: pl.InOut[pl.Tensor[[4, 32], pl.FP32]]):
        x: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 16])
        pl.tile.store(x, [1, 0], out)
        y: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(out, [0, 16], [1, 16])

# CPP-LABEL: void k(
# CPP: TSTORE(out_gm, x);
# CPP: set_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
# CPP-NEXT: wait_flag(PIPE_MTE3, PIPE_MTE2, EVENT_ID0);
# CPP-NEXT: TLOAD(y, out_gm_1);
# CPP-LABEL: void s(
# CPP: TSTORE(out_gm, x);
# CPP-NOT: PIPE_MTE3, PIPE_MTE2
# CPP: TLOAD(y, out_gm_1);

# PTO-LABEL: func.func @k(
# PTO: pto.tstore
# PTO: pto.set_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE3>, <PIPE_MTE2>, <EVENT_ID0>]
# PTO-NEXT: pto.tload
# PTO-LABEL: func.func @s(
# PTO: pto.tstore
# PTO-NOT: <PIPE_MTE3>, <PIPE_MTE2>
# PTO: pto.tload
