# comm-hazards.md H2 in the simulator (runtime/testdata/false_sharing.py):
# check-comm-contract refuses the `shared` layout, where a flag cell written
# through the cache and a neighbour's row share a 64-byte line.
# RUN: not ptoc runtime/testdata/false_sharing.py -o %t.pto 2>&1 | FileCheck %s --check-prefix=REFUSED
# REFUSED: runtime/testdata/false_sharing.py:31:9: error: in kernel 'shared': box[0, 0], written through the data cache here, shares 64-byte line 0 of window 'box' with box[0, 8:16]
#
# Compiled without the check, the flag's clean writes the whole line back
# over the row the neighbour stored meanwhile: false sharing naming both
# writes, and the reader's stale row blames the shared line.
# RUN: ptoc runtime/testdata/false_sharing.py --passes=insert-comm-fence --emit=pb -o %t.pb
# RUN: ptoc-sim %t.pb --entry=shared --ranks=2 --schedules=30 > %t.txt; test $? -eq 1
# RUN: FileCheck %s --input-file=%t.txt
# CHECK-DAG: runtime/testdata/false_sharing.py:31:9: error: false sharing: box[0, {{[0-9]+}}] on rank {{[01]}}: the write-back of the 64-byte line that the write at runtime/testdata/false_sharing.py:31:9 {{.*}} made dirty put an older value over the write at runtime/testdata/false_sharing.py:29:9 {{.*}} keep them in different 64-byte lines; missing marker: separate cache lines
# CHECK-DAG: runtime/testdata/false_sharing.py:33:61: error: stale read: {{.*}} a whole-line write-back of another object in the same 64-byte line put an older value over it (false sharing); missing marker: separate cache lines
# CHECK: 1 stale read, 0 races, {{.*}} 1 false sharing
#
# With the row in a line of its own, the run is clean; JSON counts both kinds.
# RUN: ptoc-sim %t.pb --entry=apart --ranks=2 --schedules=30 --report=json | FileCheck %s --check-prefix=APART
# APART: "stale_read": 0, {{.*}} "war_race": 0, "false_sharing": 0}
