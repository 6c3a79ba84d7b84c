# Rule 7 for text from before the peer form: a remote write followed by
# only its fence gets the peer invalidate before that fence (no second
# fence); a whole-GM invalidate before the fence is recognized as it is.
# Running the pass again changes nothing.
# RUN: ptoc %s --passes=insert-comm-fence --emit=text > %t.once
# RUN: ptoc %s --passes=insert-comm-fence,insert-comm-fence --emit=text > %t.twice
# RUN: diff %t.once %t.twice
# RUN: FileCheck %s --match-full-lines --strict-whitespace < %t.once
# CHECK:        pld.tile.remote_store(t, win, 1, [0, 0])
# CHECK-NEXT:        pl.system.cacheinvalid(win, [1, 16], [0, 0], peer=1)
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pld.tile.put(win, 2, inp, t)
# CHECK-NEXT:        pl.system.cacheinvalid()
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pld.system.notify(sig, 1, [0, 0], 1)
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.AIV)
    def k(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        win: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[8, 4], pl.INT32]],
    ):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
        pld.tile.remote_store(t, win, 1, [0, 0])
        pl.system.fence()
        pld.tile.put(win, 2, inp, t)
        pl.system.cacheinvalid()
        pl.system.fence()
        pld.system.notify(sig, 1, [0, 0], 1)
