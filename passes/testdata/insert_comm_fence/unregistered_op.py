# Rule 3: an unregistered op kept with --allow-unregistered-ops is opaque:
# a whole-GM cacheinvalid, then a fence.
# RUN: ptoc %s --allow-unregistered-ops --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# CHECK-LABEL:    def k(
# CHECK:        pl.custom.op(win)
# CHECK-NEXT:        pl.system.cacheinvalid()
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pld.system.notify(sig, 1, [0, 0], 1)
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
        pl.custom.op(win)
        pld.system.notify(sig, 1, [0, 0], 1)
