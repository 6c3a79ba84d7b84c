# comm-hazards.md H1, release after read: in examples/credit_ring.py each
# rank loads its mailbox, then returns the credit that lets its left
# neighbour overwrite it. The plan orders the load before the credit notify
# (unit 4, a pipe_barrier(PIPE_ALL): cheaper than a pair there); the
# compiled kernel runs clean.
# RUN: ptoc examples/credit_ring.py --emit=syncplan | FileCheck %s --check-prefix=PLAN
# PLAN: unit 4: pipe_barrier(PIPE_ALL) before examples/credit_ring.py:37:13
# RUN: ptoc examples/credit_ring.py --emit=pb -o %t.pb
# RUN: ptoc-sim %t.pb --entry=credit_ring --ranks=2 --schedules=30 | FileCheck %s --check-prefix=CLEAN
# CLEAN: 0 stale reads, 0 races, 0 deadlocks, 0 livelocks, 0 protocol errors, 0 launch findings{{$}}
#
# Without it the load's DMA may still run when the credit lands: the
# neighbour's next remote_store, ordered after the notify, can reach the
# bytes the load samples. Besides the plan's pipe race, a war race names the
# read, the notify and the write.
# RUN: ptoc-sim %t.pb --entry=credit_ring --ranks=2 --schedules=30 --pipe-sync-drop=4 > %t.txt; test $? -eq 1
# RUN: FileCheck %s --input-file=%t.txt
# CHECK: examples/credit_ring.py:36:66: error: war race: aiv lane (credit_ring) of rank {{[01]}} read box[0, 0] on rank {{[01]}} by DMA on PIPE_MTE2, and the notify at examples/credit_ring.py:37:13 released the buffer before that read was known complete; the write at examples/credit_ring.py:32:13 {{.*}} ordered after the notify, may land in what the read returns (comm-hazards.md H1): nothing orders PIPE_MTE2 before the notify; missing marker: the read complete before the notify
# CHECK: examples/credit_ring.py:37:13: note: the notify, issued while the read may still run: wait for PIPE_MTE2 before it
# CHECK: examples/credit_ring.py:32:13: note: the write the notify let in
# CHECK: 1 pipe race, 0 flag reuse races, {{[0-9]+}} war race
#
# In JSON it is a "war_race" with the read, the signal and the write.
# RUN: ptoc-sim %t.pb --entry=credit_ring --ranks=2 --schedules=30 --pipe-sync-drop=4 --report=json > %t.json; test $? -eq 1
# RUN: FileCheck %s --input-file=%t.json --check-prefix=JSON
# JSON: {"kind": "war_race", {{.*}} "missing_marker": "the read complete before the notify", {{.*}} "locations": [{"role": "read", {{.*}}"line": 36, {{.*}}{"role": "signal", {{.*}}"line": 37, {{.*}}{"role": "write", {{.*}}"line": 32,
# JSON: "war_race": 1,
