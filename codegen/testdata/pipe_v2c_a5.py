# Vector to cube on a5 (the v2c_handoff example after expand-mixed-kernel):
# the vector lane converts the tile to the fractal NZ layout with a tmov
# within UB and pushes it; the cube pops it into Mat as NZ and moves it on
# to Left / Right with tmov. No GM slot buffer on a5.
# RUN: ptoc examples/v2c_handoff.a5.py --passes= --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc examples/v2c_handoff.a5.py --passes= --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE

# PTO: module attributes {pto.target_arch = "a5"}
# PTO-NOT: gm_pipe_buffer
# PTO: pto.aic_initialize_pipe {id = 0, dir_mask = 2, slot_size = 2048, slot_num = 2, nosplit = true} (c2v_consumer_buf = %c0_i32 : i32, v2c_consumer_buf = %v2c_buf : i32)
# PTO-NEXT: %tok = pto.tpop_from_aiv {id = 0, split = 0} -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
# PTO: pto.tfree_from_aiv {id = 0, split = 0}
# PTO: pto.tmov ins(%qm : !pto.tile_buf<loc=mat, {{.*}}>) outs(%ql : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
# PTO: pto.tmov ins(%km : !pto.tile_buf<loc=mat, {{.*}}>) outs(%kr : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
# PTO: func.func @rope_score_aiv
# PTO: pto.fence.barrier_all #pto.fence_scope<gm>
# PTO-NEXT: %rq_nz = pto.alloc_tile addr = %c{{[0-9]+}}_i64 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
# PTO-NEXT: pto.tmov ins(%rq : !pto.tile_buf<loc=vec, {{.*}}blayout=row_major, slayout=none_box{{.*}}>) outs(%rq_nz : !pto.tile_buf<loc=vec, {{.*}}blayout=col_major, slayout=row_major{{.*}}>)
# PTO-NEXT: pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.tpush_to_aic(%rq_nz : !pto.tile_buf<loc=vec, {{.*}}blayout=col_major, slayout=row_major{{.*}}>) {id = 0, split = 0}

# CCE: auto pipe0 = TPipe<0, Direction::DIR_V2C, 2048, 2, 2, true>(nullptr, 0, v2c_buf);
# CCE: Tile<TileType::Mat, half, 16, 64, BLayout::ColMajor, 16, 64, SLayout::RowMajor, 512, PadValue::Null> tok;
# CCE-NEXT: TPOP<decltype(pipe0), decltype(tok), TileSplitAxis::TILE_NO_SPLIT>(pipe0, tok);
# CCE: TMOV(ql, qm);
# CCE: auto pipe0 = TPipe<0, Direction::DIR_V2C, 2048, 2, 2, true>(nullptr, 0, v2c_import);
# CCE: Tile<TileType::Vec, half, 16, 64, BLayout::ColMajor, 16, 64, SLayout::RowMajor, 512, PadValue::Null> rq_nz;
# CCE: TMOV(rq_nz, rq);
# CCE: TPUSH<decltype(pipe0), decltype(rq_nz), TileSplitAxis::TILE_NO_SPLIT>(pipe0, rq_nz);
