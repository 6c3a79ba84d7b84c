# The V->C hand-off example after the default pipeline: the vector lane
# stores the rotated q, fences, and pushes the stored tile as the token;
# the cube lane pops (NZ in Mat), frees, then loads the scratch. On a5 the
# token goes through the NZ tmov first; on a2a3 it is pushed as it is.
# RUN: ptoc examples/v2c_handoff.py --emit=pto | FileCheck %s --check-prefix=A2A3
# RUN: ptoc examples/v2c_handoff.py --backend=a5 --emit=pto | FileCheck %s --check-prefix=A5
# RUN: ptoc examples/v2c_handoff.py --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE

# A2A3: func.func @rope_score_aic(
# A2A3: %tok = pto.tpop_from_aiv {id = 0, split = 0} -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
# A2A3-NEXT: pto.tfree_from_aiv {id = 0, split = 0}
# A2A3: pto.tload ins({{.*}}) outs(%qm :
# A2A3: func.func @rope_score_aiv(
# A2A3: pto.tstore ins(%rq :
# A2A3-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
# A2A3-NEXT: pto.tpush_to_aic(%rq : !pto.tile_buf<loc=vec, {{.*}}blayout=row_major, slayout=none_box{{.*}}>) {id = 0, split = 0}

# A5: func.func @rope_score_aiv(
# A5: pto.fence.barrier_all #pto.fence_scope<gm>
# A5: pto.tmov ins(%rq : {{.*}}) outs(%rq_nz : !pto.tile_buf<loc=vec, {{.*}}blayout=col_major, slayout=row_major{{.*}}>)
# A5-NEXT: pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
# A5-NEXT: pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
# A5-NEXT: pto.tpush_to_aic(%rq_nz :

# CCE: void rope_score_aiv(
# CCE: TSTORE(scratch_gm, rq);
# CCE-NEXT: // {{.*}}
# CCE-NEXT: pipe_barrier(PIPE_ALL);
# CCE-NEXT: dsb(DSB_DDR);
# CCE: TMOV(rq_nz, rq);
# CCE: TPUSH<decltype(pipe0), decltype(rq_nz), TileSplitAxis::TILE_NO_SPLIT>(pipe0, rq_nz);
