# Rule 5: a notify needs nothing; the fence travels with the write, even
# when the notify is in another loop (spec example: for c: store(win); for
# p: notify).
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# CHECK-LABEL:    def k(
# CHECK:        for c in pl.range(4):
# CHECK-NEXT:            pl.tile.store(t, [c, 0], win)
# CHECK-NEXT:            pl.system.cacheinvalid(win, [4, 16], [0, 0])
# CHECK-NEXT:            pl.system.fence()
# CHECK-NEXT:        for p in pl.range(4):
# CHECK-NEXT:            pld.system.notify(sig, p, [0, 0], 1)
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
        for c in pl.range(4):
            pl.tile.store(t, [c, 0], win)
        for p in pl.range(4):
            pld.system.notify(sig, p, [0, 0], 1)
