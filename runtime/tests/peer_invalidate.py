# The peer region invalidate (comm-hazards.md H6) runs in ptoc-sim: after
# the default pipeline each remote store is followed by its
# system.cacheinvalid(..., peer=p) and fence, and the swap is clean with
# each rank holding the other's row. The invalidate addresses the peer's
# copy of the window: a peer that is not a rank is reported at it.
# RUN: rm -rf %t.in %t.out && mkdir -p %t.in
# RUN: echo "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16" > %t.in/x.0.txt
# RUN: echo "21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36" > %t.in/x.1.txt
# RUN: ptoc %s --emit=text | FileCheck %s --check-prefix=TEXT
# TEXT: pld.tile.remote_store(t, win, peer, [0, 0])
# TEXT-NEXT: pl.system.cacheinvalid(win, [1, 16], [0, 0], peer=peer)
# TEXT-NEXT: pl.system.fence()
# RUN: ptoc %s --emit=pb -o %t.pb
# RUN: ptoc-sim %t.pb --entry=swap --ranks=2 --schedules=20 --inputs=%t.in --dump-outputs=%t.out | FileCheck %s --check-prefix=SWAP
# SWAP: ptoc-sim: 20 schedules (seed 1), 2 ranks, 2 lanes, {{[0-9]+}} statements executed: 0 stale reads, 0 races, 0 deadlocks
# RUN: FileCheck %s --check-prefix=OUT0 --input-file=%t.out/out.0.txt
# OUT0: 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36
# RUN: FileCheck %s --check-prefix=OUT1 --input-file=%t.out/out.1.txt
# OUT1: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
# RUN: ptoc-sim %s --entry=stray --ranks=2 > %t.stray; test $? -eq 1
# RUN: FileCheck %s --check-prefix=STRAY --input-file=%t.stray
# STRAY: peer_invalidate.py:[[@LINE+30]]:9: error: protocol error: out-of-bounds GM access: peer 2 is not a rank (there are 2)
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class PeerInvalidate:
    @pl.function(type=pl.FunctionType.AIV)
    def swap(
        self,
        x: pl.Tensor[[1, 16], pl.FP32],
        win: pl.InOut[pld.DistributedTensor[[1, 16], pl.FP32]],
        signal: pl.InOut[pld.DistributedTensor[[1, 8], pl.INT32]],
        out: pl.Out[pl.Tensor[[1, 16], pl.FP32]],
    ):
        ctx = pld.get_comm_ctx(win)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        peer: pl.Scalar[pl.INDEX] = 1 - me
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [1, 16])
        pld.tile.remote_store(t, win, peer, [0, 0])
        pld.system.notify(signal, peer, [0, 0], 1, op=pld.NotifyOp.Set)
        pld.system.wait(signal, [0, 0], 1)
        r: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(win, [0, 0], [1, 16])
        pl.tile.store(r, [0, 0], out)

    @pl.function(type=pl.FunctionType.AIV)
    def stray(
        self,
        win: pl.InOut[pld.DistributedTensor[[1, 16], pl.FP32]],
    ):
        pl.system.cacheinvalid(win, [1, 16], [0, 0], peer=2)
