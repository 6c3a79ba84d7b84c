# comm-hazards.md H2 in the simulator (runtime/testdata/false_sharing.py):
# with col=8 the neighbour's row shares the 64-byte line of the flag cell
# each rank writes through its cache. The flag's clean writes the whole line
# back over the row the neighbour stored meanwhile: false sharing naming
# both writes, and the reader's stale row blames the shared line.
# RUN: ptoc runtime/testdata/false_sharing.py --emit=pb -o %t.pb
# RUN: ptoc-sim %t.pb --entry=exchange --ranks=2 --scalar col=8 --schedules=30 > %t.txt; test $? -eq 1
# RUN: FileCheck %s --input-file=%t.txt
# CHECK-DAG: runtime/testdata/false_sharing.py:{{[0-9]+}}:9: error: false sharing: box[0, {{[0-9]+}}] on rank {{[01]}} ({{[0-9]+}} bytes): the write-back of the 64-byte line that the write at runtime/testdata/false_sharing.py:[[CELL:[0-9]+]]:9 {{.*}} made dirty put an older value over the write at runtime/testdata/false_sharing.py:[[ROW:[0-9]+]]:9 {{.*}} keep them in different 64-byte lines; missing marker: separate cache lines
# CHECK-DAG: error: stale read: {{.*}} a whole-line write-back of another object in the same 64-byte line put an older value over it (false sharing); missing marker: separate cache lines
# CHECK: 1 stale read, 0 races, {{.*}} 1 false sharing
#
# With col=16 the row has a line of its own: clean; JSON counts both kinds.
# RUN: ptoc-sim %t.pb --entry=exchange --ranks=2 --scalar col=16 --schedules=30 --report=json | FileCheck %s --check-prefix=APART
# APART: "stale_read": 0, {{.*}} "war_race": 0, "false_sharing": 0}
