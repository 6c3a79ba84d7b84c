# Rule 1: a tile.store, tensor.write or get into a window is followed by a
# region cacheinvalid of the whole target window, then a fence; one pair per
# write (spec example: store(win_a); store(win_b); notify).
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# CHECK-LABEL:    def k(
# CHECK:        pl.tile.store(t, [0, 0], win)
# CHECK-NEXT:        pl.system.cacheinvalid(win, [4, 16], [0, 0])
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pl.tile.store(t, [1, 0], win2)
# CHECK-NEXT:        pl.system.cacheinvalid(win2, [4, 16], [0, 0])
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pl.tensor.write(win, [2, 3], 1.0)
# CHECK-NEXT:        pl.system.cacheinvalid(win, [4, 16], [0, 0])
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pld.tensor.get(win2, 1, win)
# CHECK-NEXT:        pl.system.cacheinvalid(win2, [4, 16], [0, 0])
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pld.tile.get(win, 1, win2, t)
# CHECK-NEXT:        pl.system.cacheinvalid(win, [4, 16], [0, 0])
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
        pl.tile.store(t, [0, 0], win)
        pl.tile.store(t, [1, 0], win2)
        pl.tensor.write(win, [2, 3], 1.0)
        pld.tensor.get(win2, 1, win)
        pld.tile.get(win, 1, win2, t)
        pld.system.notify(sig, 1, [0, 0], 1)
