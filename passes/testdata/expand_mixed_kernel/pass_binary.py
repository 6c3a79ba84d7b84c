# The pass binary reads and writes binary IR and takes the same flags as
# ptoc: on a5 it adds the NZ adapter before the push to the cube.
# RUN: ptoc examples/v2c_handoff.py --passes= --backend=a5 --emit=pb -o %t.in.pb
# RUN: expand-mixed-kernel --backend=a5 %t.in.pb -o %t.out.pb
# RUN: ptoc %t.out.pb --passes= --emit=text | FileCheck %s
# RUN: ptoc examples/v2c_handoff.a5.py --passes= --emit=text --canonical-names > %t.expected
# RUN: ptoc %t.out.pb --passes= --emit=text --canonical-names | diff - %t.expected
# CHECK-LABEL: def rope_score_aiv(
# CHECK: pl.system.fence()
# CHECK-NEXT: rq_nz: {{.*}} = pl.tile.move(
# CHECK-NEXT: rq, target_memory=pl.Mem.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major
# CHECK-NEXT: )
# CHECK-NEXT: pl.tile.tpush_to_aic(rq_nz)
