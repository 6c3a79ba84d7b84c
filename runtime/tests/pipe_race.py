# The pipe check (pipe-sync.md §4): the flags plan of load -> relu -> store
# runs clean; without its V -> MTE3 pair (unit 1) the store may read the
# relu's result before V wrote it: a pipe race naming both source lines and
# the missing pair, in text and JSON; without only its set the wait never
# ends, without only its wait the set is left at return; --pipe-check=off
# does not look; the barrier-all plan is checked too and runs clean; a bad
# --pipe-check is a usage error.
# RUN: ptoc %s --passes= --pipe-sync=flags --emit=pb -o %t.pb
# RUN: ptoc-sim %t.pb --entry=k
# RUN: ptoc-sim %t.pb --entry=k --pipe-sync-drop=1 > %t.txt; test $? -eq 1
# RUN: FileCheck %s --input-file=%t.txt
# RUN: ptoc-sim %t.pb --entry=k --pipe-sync-drop=1 --report=json > %t.json; test $? -eq 1
# RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
# RUN: ptoc-sim %t.pb --entry=k --pipe-sync-drop=1 --pipe-check=off
# RUN: ptoc-sim %t.pb --entry=k --pipe-sync-drop-set=1 > %t.set.txt; test $? -eq 1
# RUN: FileCheck %s --check-prefix=SET --input-file=%t.set.txt
# RUN: ptoc-sim %t.pb --entry=k --pipe-sync-drop-wait=1 > %t.wait.txt; test $? -eq 1
# RUN: FileCheck %s --check-prefix=WAIT --input-file=%t.wait.txt
# RUN: ptoc %s --passes= --pipe-sync=barrier-all --emit=pb -o %t.ba.pb
# RUN: ptoc-sim %t.ba.pb --entry=k
# RUN: ptoc-sim %t.pb --entry=k --pipe-check=maybe 2> %t.err; test $? -eq 2
# RUN: FileCheck %s --check-prefix=USAGE --input-file=%t.err
# CHECK: pipe_race.py:42:9: error: pipe race: aiv lane (k) of rank 0: TSTORE on PIPE_MTE3 ({{.*}}pipe_race.py:42:9) reads Vec buffer 1 while TRELU on PIPE_V ({{.*}}pipe_race.py:41:9) may still write it; no flag or barrier orders them; missing: set_flag(PIPE_V, PIPE_MTE3) after {{.*}}pipe_race.py:41 and wait_flag(PIPE_V, PIPE_MTE3) before {{.*}}pipe_race.py:42
# CHECK-NEXT: pl.tile.store(y, [0, 0], out)
# CHECK: pipe_race.py:41:9: note: the earlier access (write)
# CHECK: 0 protocol errors, 0 launch findings, 1 pipe race, 0 flag reuse races
# JSON: {"kind": "pipe_race", {{.*}}"locations": [{"role": "later", "file": "{{.*}}pipe_race.py", "line": 42, "col": 9}, {"role": "earlier", "file": "{{.*}}pipe_race.py", "line": 41, "col": 9}], "later": {"loc": "{{.*}}pipe_race.py:42:9", "op": "TSTORE", "pipe": "PIPE_MTE3", "access": "read"}, "earlier": {"loc": "{{.*}}pipe_race.py:41:9", "op": "TRELU", "pipe": "PIPE_V", "access": "write"}, "region": {"space": "Vec", "buffer": 1}, "missing": "set_flag(PIPE_V, PIPE_MTE3) after {{.*}}pipe_race.py:41 and wait_flag(PIPE_V, PIPE_MTE3) before {{.*}}pipe_race.py:42"}
# JSON: "pipe_race": 1, "flag_reuse_race": 0, "launch": 0, "war_race": 0, "false_sharing": 0}
# SET: error: deadlock: aiv lane (k) of rank 0: wait_flag(PIPE_V, PIPE_MTE3, EVENT_ID0) ({{.*}}pipe_race.py:{{[0-9]+}}:{{[0-9]+}}) waits for a set that never comes
# WAIT: error: pipe race: {{.*}} TSTORE on PIPE_MTE3 ({{.*}}) reads Vec buffer 1 while TRELU on PIPE_V
# WAIT: error: protocol error: flag left set at return: aiv lane (k) of rank 0: (PIPE_V, PIPE_MTE3, EVENT_ID0) was set at {{.*}}pipe_race.py:{{[0-9]+}}:{{[0-9]+}} and never waited for
# USAGE: ptoc-sim: --pipe-check must be on or off, not 'maybe' (see --help)
import pypto.language as pl


@pl.program
class PipeRace:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 64], pl.FP32], out: pl.Out[pl.Tensor[[1, 64], pl.FP32]]):
        x: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 64])
        y: pl.Tile[[1, 64], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(x)
        pl.tile.store(y, [0, 0], out)
