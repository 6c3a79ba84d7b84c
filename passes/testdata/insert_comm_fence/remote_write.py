# Rule 2: remote_store, tile.put and tensor.put get the invalidate of the
# written region in the peer's copy of the window (peer=, comm-hazards.md
# H6: the store's tile, a put's whole destination), then a fence.
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# CHECK-LABEL:    def k(
# CHECK:        pld.tile.remote_store(t, win, 1, [me, 0])
# CHECK-NEXT:        pl.system.cacheinvalid(win, [1, 16], [me, 0], peer=1)
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pld.tile.put(win, 2, inp, t)
# CHECK-NEXT:        pl.system.cacheinvalid(win, [4, 16], [0, 0], peer=2)
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pld.tensor.put(win2, 3, inp)
# CHECK-NEXT:        pl.system.cacheinvalid(win2, [4, 16], [0, 0], peer=3)
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pld.system.notify(sig, 1, [0, me], 1)
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
        pld.tile.remote_store(t, win, 1, [me, 0])
        pld.tile.put(win, 2, inp, t)
        pld.tensor.put(win2, 3, inp)
        pld.system.notify(sig, 1, [0, me], 1)
