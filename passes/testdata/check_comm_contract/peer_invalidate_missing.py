# A kernel that names its peer invalidates (comm-hazards.md H6) needs one
# after every remote write: the second store's was removed, and codegen
# adds none in such a kernel, so the checker reports the write (the fence
# alone does not settle it).
# RUN: not ptoc %s --passes=check-comm-contract --emit=text 2>&1 >/dev/null | FileCheck %s
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
        me: pl.Scalar[pl.INDEX],
    ):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
        pld.tile.remote_store(t, win, 1, [me, 0])
        pl.system.cacheinvalid(win, [1, 16], [me, 0], peer=1)
        pl.system.fence()
        # CHECK: peer_invalidate_missing.py:[[@LINE+1]]:9: error: remote write 'pld.tile.remote_store' can reach a notify without a peer-region cacheinvalid covering the written region (peer=) followed by a fence
        pld.tile.remote_store(t, win, 2, [me, 0])
        pl.system.fence()
        # CHECK: peer_invalidate_missing.py:[[@LINE+1]]:9: note: the notify that publishes it
        pld.system.notify(sig, 1, [0, me], 1)
        # CHECK-NOT: error:
