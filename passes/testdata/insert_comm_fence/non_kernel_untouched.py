# Only InCore, AIC and AIV functions are rewritten: an Orchestration
# function is printed unchanged, an AIV kernel gets its markers.
# RUN: ptoc %s --passes= --emit=text > %t.before
# RUN: ptoc %s --passes=insert-comm-fence --emit=text > %t.after
# RUN: sed -n '/def k(/,$p' %t.before > %t.orch.before
# RUN: sed -n '/def k(/,$p' %t.after > %t.orch.after
# RUN: diff %t.orch.before %t.orch.after
# RUN: FileCheck %s --check-prefix=AIV < %t.after
# AIV-LABEL: def aiv(
# AIV:       pl.tile.store(t, [0, 0], win)
# AIV-NEXT:  pl.system.cacheinvalid(win, [4, 16], [0, 0])
# AIV-NEXT:  pl.system.fence()
# AIV-NEXT:  pld.system.wait(sig, [0, 0], 1)
# AIV-NEXT:  pl.system.cacheinvalid()
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.AIV)
    def aiv(
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
        pld.system.wait(sig, [0, 0], 1)
        x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])

    @pl.function(type=pl.FunctionType.Orchestration)
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
        pld.system.wait(sig, [0, 0], 1)
        x: pl.Scalar[pl.INT32] = pl.tensor.read(sig, [0, 0])
