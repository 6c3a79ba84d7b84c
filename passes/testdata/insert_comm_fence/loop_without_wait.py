# Rule 4: a loop with no wait is never wait-only: an empty, scalar-only or
# compute-only loop gains no invalidate.
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --check-prefix=NONE
# NONE-NOT: cacheinvalid
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        out: pl.Out[pl.Tensor[[4, 16], pl.FP32]],
        win: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        win2: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        narrow: pl.InOut[pld.DistributedTensor[[4, 8], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[8, 4], pl.INT32]],
        me: pl.Scalar[pl.INDEX],
        n: pl.Scalar[pl.INDEX],
    ):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
        for p in pl.range(4):
            pass
        for p2 in pl.range(4):
            q: pl.Scalar[pl.INDEX] = p2 + 1
        for p3 in pl.range(4):
            u: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.add(t, t)
