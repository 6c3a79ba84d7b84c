# Rule 2 when the peer is a call's value (it may differ when evaluated
# again): the marker cannot name it, so the whole-GM invalidate and the
# fence follow the write.
# RUN: ptoc %s --passes=insert-comm-fence --emit=text | FileCheck %s --match-full-lines --strict-whitespace
# CHECK:        pld.tile.remote_store(t, win, pld.rank(ctx), [0, 0])
# CHECK-NEXT:        pl.system.cacheinvalid()
# CHECK-NEXT:        pl.system.fence()
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Test:
    @pl.function(type=pl.FunctionType.AIV)
    def k(
        self,
        inp: pl.Tensor[[4, 16], pl.FP32],
        win: pl.InOut[pld.DistributedTensor[[4, 16], pl.FP32]],
    ):
        ctx = pld.get_comm_ctx(win)
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
        pld.tile.remote_store(t, win, pld.rank(ctx), [0, 0])
