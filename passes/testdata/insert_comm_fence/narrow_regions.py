# Rule 1 with --narrow-regions: the invalidate covers exactly the written
# sub-region: a store's offsets and its tile's shape, one element for
# tensor.write, the whole destination for a get. (A write past a tensor's
# static bounds is the verifier's error.)
# RUN: ptoc %s --narrow-regions --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# CHECK-LABEL:    def k(
# CHECK:        pl.tile.store(t, [2, 0], win)
# CHECK-NEXT:        pl.system.cacheinvalid(win, [1, 16], [2, 0])
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pl.tile.store(t, [me, 0], win)
# CHECK-NEXT:        pl.system.cacheinvalid(win, [1, 16], [me, 0])
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pl.tensor.write(win2, [me, 3], 1.0)
# CHECK-NEXT:        pl.system.cacheinvalid(win2, [1, 1], [me, 3])
# CHECK-NEXT:        pl.system.fence()
# CHECK-NEXT:        pld.tensor.get(win2, 1, win)
# CHECK-NEXT:        pl.system.cacheinvalid(win2, [4, 16], [0, 0])
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
        sig: pl.InOut[pld.DistributedTensor[[8, 4], pl.INT32]],
        me: pl.Scalar[pl.INDEX],
        n: pl.Scalar[pl.INDEX],
    ):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
        pl.tile.store(t, [2, 0], win)
        pl.tile.store(t, [me, 0], win)
        pl.tensor.write(win2, [me, 3], 1.0)
        pld.tensor.get(win2, 1, win)
