# Rule 6: markers after a statement that is a whole body by itself (then,
# else, loop body) go inside that body, after the statement. (The in-memory
# bare form, a body that is one non-Seq statement, is covered by
# insert_comm_fence_test: the parser always builds a Seq.)
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# CHECK-LABEL:    def k(
# CHECK:        for c in pl.range(4):
# CHECK-NEXT:            pl.tile.store(t, [c, 0], win)
# CHECK-NEXT:            pl.system.cacheinvalid(win, [4, 16], [0, 0])
# CHECK-NEXT:            pl.system.fence()
# CHECK-NEXT:        if me == 0:
# CHECK-NEXT:            pld.system.wait(sig, [0, 0], 1)
# CHECK-NEXT:            pl.system.cacheinvalid()
# CHECK-NEXT:        else:
# CHECK-NEXT:            pld.tile.remote_store(t, win, 1, [0, 0])
# CHECK-NEXT:            pl.system.cacheinvalid(win, [1, 16], [0, 0], peer=1)
# CHECK-NEXT:            pl.system.fence()
# CHECK-NEXT:        while me > 7:
# CHECK-NEXT:            pld.tensor.put(win, 1, inp)
# CHECK-NEXT:            pl.system.cacheinvalid(win, [4, 16], [0, 0], peer=1)
# CHECK-NEXT:            pl.system.fence()
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
        if me == 0:
            pld.system.wait(sig, [0, 0], 1)
        else:
            pld.tile.remote_store(t, win, 1, [0, 0])
        while me > 7:
            pld.tensor.put(win, 1, inp)
