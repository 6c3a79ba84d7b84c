# Rule 7: markers already in place are recognized (a region invalidate of
# the same variable, whatever its region, or a whole-GM one, then a fence
# after a local write; a peer region invalidate of the same variable, or a
# whole-GM one, then a fence after a remote write; a whole-GM invalidate
# after a wait run), and running the pass twice gives what running it once
# gives. A lone fence is not recognized: the full markers go right after the
# write and the old fence stays.
# RUN: ptoc %s --passes=insert-comm-fence --emit=text > %t.once
# RUN: ptoc %s --passes=insert-comm-fence,insert-comm-fence --emit=text > %t.twice
# RUN: diff %t.once %t.twice
# RUN: FileCheck %s --match-full-lines --strict-whitespace < %t.once
# CHECK-LABEL:    def k(
# CHECK:        pl.tile.store(t, [0, 0], win)
# CHECK-NEXT:        pl.system.cacheinvalid(win, [1, 16], [0, 0])
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pl.tile.store(t, [0, 0], win2)
# CHECK-NEXT:        pl.system.cacheinvalid()
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pld.tile.remote_store(t, win, 1, [0, 0])
# CHECK-NEXT:        pl.system.cacheinvalid(win, [1, 16], [0, 0], peer=1)
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pld.system.wait(sig, [0, 0], 1)
# CHECK-NEXT:        pl.system.cacheinvalid()
# CHECK-NEXT:        pl.tensor.write(win, [0, 0], 1.0)
# CHECK-NEXT:        pl.system.cacheinvalid(win, [4, 16], [0, 0])
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pl.tensor.write(win2, [0, 0], 1.0)
# CHECK-NEXT:        pl.system.cacheinvalid(win2, [4, 16], [0, 0])
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pl.system.cacheinvalid(win, [4, 16], [0, 0])
# CHECK-NEXT:        pl.system.fence()
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
        pl.system.cacheinvalid(win, [1, 16], [0, 0])
        pl.system.fence()
        pl.tile.store(t, [0, 0], win2)
        pl.system.cacheinvalid()
        pl.system.fence()
        pld.tile.remote_store(t, win, 1, [0, 0])
        pl.system.cacheinvalid(win, [1, 16], [0, 0], peer=1)
        pl.system.fence()
        pld.system.wait(sig, [0, 0], 1)
        pl.system.cacheinvalid()
        pl.tensor.write(win, [0, 0], 1.0)
        pl.system.fence()
        pl.tensor.write(win2, [0, 0], 1.0)
        pl.system.cacheinvalid(win, [4, 16], [0, 0])
        pl.system.fence()
