# A write inside a PyPTO scope (`with pl.at(...)`) gets its markers inside
# the scope, right after it; the scope itself is no op and needs none.
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# CHECK-LABEL:    def k(self, inp: pl.Tensor{{\[}}[4, 16], pl.FP32], win: pl.InOut[pld.DistributedTensor{{\[}}[4, 16], pl.FP32]], sig: pl.InOut[pld.DistributedTensor{{\[}}[8, 4], pl.INT32]], me: pl.Scalar[pl.INDEX]):
# CHECK:            with pl.at(level=pl.Level.CORE_GROUP):
# CHECK-NEXT:                pld.tile.remote_store(t, win, p, [me, 0])
# CHECK-NEXT:                pl.system.cacheinvalid(win, [1, 16], [me, 0], peer=p)
# CHECK-NEXT:                pl.system.fence()
# CHECK-NEXT:        pld.system.notify(sig, 1, [0, me], 1)
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.InCore)
    def k(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        win: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
        sig: pl.InOut[pld.DistributedTensor[[8, 4], pl.INT32]],
        me: pl.Scalar[pl.INDEX],
    ):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
        for p in pl.range(4):
            with pl.at(level=pl.Level.CORE_GROUP):
                pld.tile.remote_store(t, win, p, [me, 0])
        pld.system.notify(sig, 1, [0, me], 1)
