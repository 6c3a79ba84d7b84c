# --gm-ring-layout (comm-hazards.md H3, a2a3): runtime/testdata/two_way_ring.py
# keeps two tiles in flight each way through one pipe. With the FIFO's
# rings where the emitted code puts them (code, the default: the V2C ring
# after the C2V ring) the run is clean; with both rings at the pipe's base
# (shared: pto-isa's layout before d2b30a84) the later push of each slot
# pair writes GM bytes the other direction's live slot holds (in every
# schedule: findings_test counts them), and the finding names both pushes.
# Any other value is a usage error.
# RUN: ptoc-sim runtime/testdata/two_way_ring.py --entry=two_way --schedules=40 | FileCheck %s --check-prefix=CODE
# CODE: ptoc-sim: 40 schedules (seed 1), 1 rank, 3 lanes, {{[0-9]+}} statements executed: 0 stale reads, 0 races, 0 deadlocks, 0 livelocks, 0 protocol errors, 0 launch findings
# RUN: ptoc-sim runtime/testdata/two_way_ring.py --entry=two_way --schedules=40 --gm-ring-layout=shared > %t.txt; test $? -eq 1
# RUN: FileCheck %s --check-prefix=SHARED --input-file=%t.txt
# SHARED: two_way_ring.py:29:9: error: protocol error: GM ring overlap: this C2V push wrote slot 0 of its ring, gm_pipe_buffer bytes [0, 1024), while V2C slot 0 at [0, 1024) is pushed and not yet freed: the pipe's two directions share GM slots, so one overwrites the other's tile (each direction needs a ring of its own, comm-hazards.md H3)
# SHARED: two_way_ring.py:54:9: note: the V2C push whose slot is still live
# SHARED-NEXT: pl.tile.tpush_to_aic(y0)
# SHARED: two_way_ring.py:33:9: error: protocol error: GM ring overlap: this C2V push wrote slot 1 of its ring, gm_pipe_buffer bytes [1024, 2048), while V2C slot 1 at [1024, 2048)
# SHARED: two_way_ring.py:57:9: note: the V2C push whose slot is still live
# SHARED: two_way_ring.py:54:9: error: protocol error: GM ring overlap: this V2C push wrote slot 0 of its ring, gm_pipe_buffer bytes [0, 1024), while C2V slot 0 at [0, 1024)
# SHARED: two_way_ring.py:29:9: note: the C2V push whose slot is still live
# SHARED: two_way_ring.py:57:9: error: protocol error: GM ring overlap: this V2C push wrote slot 1 of its ring, gm_pipe_buffer bytes [1024, 2048), while C2V slot 1 at [1024, 2048)
# SHARED: two_way_ring.py:33:9: note: the C2V push whose slot is still live
# SHARED: ptoc-sim: 40 schedules (seed 1), 1 rank, 3 lanes, {{[0-9]+}} statements executed: 0 stale reads, 0 races, 0 deadlocks, 0 livelocks, 4 protocol errors, 0 launch findings
# RUN: ptoc-sim runtime/testdata/two_way_ring.py --entry=two_way --gm-ring-layout=split 2> %t.err; test $? -eq 2
# RUN: FileCheck %s --check-prefix=BAD --input-file=%t.err
# BAD: ptoc-sim: --gm-ring-layout must be code or shared, not 'split' (see --help)
# RUN: ptoc-sim --help | FileCheck %s --check-prefix=HELP
# HELP: --gm-ring-layout
