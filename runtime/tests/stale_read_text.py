# Without insert-comm-fence the remote store is still pending when the peer
# reads its window: a stale read naming the missing fence, with the read, the
# write, and the notify / wait that order them.
# RUN: ptoc-sim %s --entry=swap --ranks=2 --schedules=5 > %t.txt; test $? -eq 1
# RUN: FileCheck %s --input-file=%t.txt
# CHECK: stale_read_text.py:[[@LINE+25]]:{{[0-9]+}}: error: stale read: aiv lane (swap) of rank {{[01]}} read win[0, 0] on rank {{[01]}} and got an older value than the write at {{.*}}stale_read_text.py:[[@LINE+22]]:9 (aiv lane (swap) of rank {{[01]}}), which happens before the read: the write had not reached GM when the signal was sent: no system.fence() after it; missing marker: fence after the write
# CHECK-NEXT: r: pl.Tile{{.*}} = pl.tile.load(win, [0, 0], [1, 16])
# CHECK-NEXT: ^
# CHECK-NEXT: stale_read_text.py:[[@LINE+19]]:9: note: the write, which had not reached GM in time: add system.fence() after it
# CHECK-NEXT: pld.tile.remote_store(t, win, peer, [0, 0])
# CHECK-NEXT: ^
# CHECK-NEXT: stale_read_text.py:[[@LINE+17]]:9: note: ordered by notify -> wait: here
# CHECK: stale_read_text.py:[[@LINE+17]]:9: note: received here
# CHECK: ({{[0-9]+}} occurrences in 5 schedules; first in schedule 0)
# CHECK-NEXT: ptoc-sim: 5 schedules (seed 1), 2 ranks, 2 lanes, {{[0-9]+}} statements executed: 1 stale read, 0 races, 0 deadlocks, 0 livelocks, 0 protocol errors, 0 launch findings
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Swap:
    @pl.function(type=pl.FunctionType.AIV)
    def swap(self, x: pl.Tensor[[1, 16], pl.FP32], win: pl.InOut[pld.DistributedTensor[[1, 16], pl.FP32]], signal: pl.InOut[pld.DistributedTensor[[1, 2], pl.INT32]], out: pl.Out[pl.Tensor[[1, 16], pl.FP32]]):
        ctx = pld.get_comm_ctx(win)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        peer: pl.Scalar[pl.INDEX] = 1 - me
        t: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [1, 16])
        pld.tile.remote_store(t, win, peer, [0, 0])
        pld.system.notify(signal, peer, [0, me], 1, op=pld.NotifyOp.Set)
        pld.system.wait(signal, [0, peer], 1)
        r: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(win, [0, 0], [1, 16])
        pl.tile.store(r, [0, 0], out)
