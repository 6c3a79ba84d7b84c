# A peer invalidate settles only a write to the same peer's copy of the
# same window, over the written region: another peer's, a region beside
# it, or a local region invalidate of the window do not.
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
        p: pl.Scalar[pl.INDEX],
        q: pl.Scalar[pl.INDEX],
    ):
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(inp, [0, 0], [1, 16])
        # CHECK: peer_invalidate_other_peer.py:[[@LINE+1]]:9: error: remote write 'pld.tile.remote_store' can reach a notify without a peer-region cacheinvalid
        pld.tile.remote_store(t, win, p, [0, 0])
        pl.system.cacheinvalid(win, [1, 16], [0, 0], peer=q)
        pl.system.fence()
        # CHECK: peer_invalidate_other_peer.py:[[@LINE+1]]:9: error: remote write 'pld.tile.remote_store' can reach a notify without a peer-region cacheinvalid
        pld.tile.remote_store(t, win, p, [1, 0])
        pl.system.cacheinvalid(win, [1, 16], [2, 0], peer=p)
        pl.system.fence()
        # CHECK: peer_invalidate_other_peer.py:[[@LINE+1]]:9: error: remote write 'pld.tile.remote_store' can reach a notify without a peer-region cacheinvalid
        pld.tile.remote_store(t, win, p, [3, 0])
        pl.system.cacheinvalid(win, [4, 16], [0, 0])
        pl.system.fence()
        pld.system.notify(sig, 1, [0, 0], 1)
        # CHECK-NOT: error:
