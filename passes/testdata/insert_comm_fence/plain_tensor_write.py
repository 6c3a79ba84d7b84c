# Rule 1: a write into a plain Tensor publishes nothing and gets no marker.
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --check-prefix=NONE
# CHECK-LABEL:    def k(
# CHECK:        pl.tile.store(t, [0, 0], out)
# CHECK-NEXT:        pl.tensor.write(out, [0, 1], 2.0)
# CHECK-NEXT:        pld.tensor.get(out, 1, win)
# CHECK-NEXT:        pld.tile.get(out, 1, win, t)
# NONE-NOT: system.
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
        pl.tile.store(t, [0, 0], out)
        pl.tensor.write(out, [0, 1], 2.0)
        pld.tensor.get(out, 1, win)
        pld.tile.get(out, 1, win, t)
