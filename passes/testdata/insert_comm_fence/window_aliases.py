# Rule 1: every DistributedTensor-typed value is a window: a store's result,
# a loop-carried window, a loop's result. The marker names the written
# argument itself.
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# CHECK-LABEL:    def k(
# CHECK:        w1 = pl.tile.store(t, [0, 0], win)
# CHECK-NEXT:        pl.system.cacheinvalid(win, [4, 16], [0, 0])
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        w2 = pl.tile.store(t, [1, 0], w1)
# CHECK-NEXT:        pl.system.cacheinvalid(w1, [4, 16], [0, 0])
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        for i, (acc,) in pl.range(4, init_values=(w2,)):
# CHECK-NEXT:            acc2 = pl.tile.store(t, [i, 0], acc)
# CHECK-NEXT:            pl.system.cacheinvalid(acc, [4, 16], [0, 0])
# CHECK-NEXT:            pl.system.fence()
# CHECK-NEXT:            res = pl.yield_(acc2)
# CHECK-NEXT:        pl.tensor.write(res, [0, 0], 1.0)
# CHECK-NEXT:        pl.system.cacheinvalid(res, [4, 16], [0, 0])
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
        w1 = pl.tile.store(t, [0, 0], win)
        w2 = pl.tile.store(t, [1, 0], w1)
        for i, (acc,) in pl.range(0, 4, 1, init_values=(w2,)):
            acc2 = pl.tile.store(t, [i, 0], acc)
            res = pl.yield_(acc2)
        pl.tensor.write(res, [0, 0], 1.0)
