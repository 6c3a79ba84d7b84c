# The JSON report: findings with kind, message, rank, lane, the missing
# marker and source locations, plus the run's totals. After the default
# pipeline the same kernel runs clean: an empty list and exit status 0.
# RUN: ptoc-sim %s --entry=swap --ranks=2 --schedules=3 --report=json > %t.json; test $? -eq 1
# RUN: FileCheck %s --input-file=%t.json
# RUN: ptoc %s --emit=pb -o %t.pb
# RUN: ptoc-sim %t.pb --entry=swap --ranks=2 --schedules=20 --report=json | FileCheck %s --check-prefix=CLEAN
# CHECK: {
# CHECK-NEXT:   "findings": [
# CHECK-NEXT:     {"kind": "stale_read", "message": "aiv lane (swap) of rank {{[01]}} read win[0, 0] on rank {{[01]}} and got an older value than the write at {{.*}}", "rank": {{[01]}}, "lane": "aiv lane (swap)", "missing_marker": "fence after the write", "schedule": 0, "occurrences": {{[0-9]+}}, "schedules_seen": 3, "locations": [{"role": "read", "file": "{{.*}}json_report.py", "line": 31, "col": 60}, {"role": "write", "file": "{{.*}}json_report.py", "line": 28, "col": 9}, {"role": "signal", "file": "{{.*}}json_report.py", "line": 29, "col": 9}, {"role": "wait", "file": "{{.*}}json_report.py", "line": 30, "col": 9}]}
# CHECK-NEXT:   ],
# CHECK-NEXT:   "totals": {"ranks": 2, "lanes": 2, "schedules": 3, "seed": 1, "statements": {{[0-9]+}}, "findings": 1, "stale_read": 1, "race": 0, "deadlock": 0, "livelock": 0, "protocol_error": 0, "pipe_race": 0, "flag_reuse_race": 0, "launch": 0, "war_race": 0, "false_sharing": 0}
# CHECK-NEXT: }
# CLEAN: "findings": [],
# CLEAN: "findings": 0, "stale_read": 0, "race": 0, "deadlock": 0, "livelock": 0, "protocol_error": 0, "pipe_race": 0, "flag_reuse_race": 0, "launch": 0, "war_race": 0, "false_sharing": 0}
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
