# The cross-core pipe, cube to vector, on a2a3 (the matmul_relu example after
# expand-mixed-kernel): the consumer reserves the slot buffer and the
# producer imports it, both set up the pipe with the GM slot buffer, the
# cube pushes the Acc tile, the vector pops it into Vec and frees the slot.
# RUN: ptoc examples/matmul_relu.a2a3.py --passes=hoist-output-returns,materialize-aiv-lanes --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc examples/matmul_relu.a2a3.py --passes=hoist-output-returns,materialize-aiv-lanes --emit=cce | FileCheck %s --check-prefix=CCE

# PTO: func.func @mm_relu_aic({{.*}}%gm_pipe_buffer: !pto.ptr<i8>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>, pto.entry}
# PTO: %c2v_import = pto.import_reserved_buffer {name = "mm_relu_c2v_slot_buffer", peer_func = @mm_relu_aiv} -> i32
# PTO-NEXT: pto.aic_initialize_pipe {id = 0, dir_mask = 1, slot_size = 1024, slot_num = 2, nosplit = true} (gm_slot_buffer = %gm_pipe_buffer : !pto.ptr<i8>, c2v_consumer_buf = %c2v_import : i32, v2c_consumer_buf = %c0_i32 : i32)
# PTO: pto.tpush_to_aiv(%c : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {id = 0, split = 0}
# PTO: func.func @mm_relu_aiv({{.*}}pto.kernel_kind = #pto.kernel_kind<vector>
# PTO: %c2v_buf = pto.reserve_buffer {name = "mm_relu_c2v_slot_buffer", size = 2048, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
# PTO-NEXT: pto.aiv_initialize_pipe {id = 0, dir_mask = 1, slot_size = 1024, slot_num = 2, nosplit = true} (gm_slot_buffer = %gm_pipe_buffer : !pto.ptr<i8>, c2v_consumer_buf = %c2v_buf : i32, v2c_consumer_buf = %c0_i32 : i32)
# PTO-NEXT: %1 = arith.cmpi eq, %sb, %c0 : index
# PTO-NEXT: scf.if %1 {
# PTO-NEXT: %cv = pto.tpop_from_aic {id = 0, split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# PTO: pto.trelu ins(%cv
# PTO-NEXT: pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.tfree_from_aic {id = 0, split = 0}

# The consumer's reserved buffer is at UB address 0; the producer's import
# resolves to the same address.
# CCE: void mm_relu_aic(
# CCE: int32_t c2v_import = 0x0;
# CCE: auto pipe0 = TPipe<0, Direction::DIR_C2V, 1024, 2, 2, true>(gm_pipe_buffer, c2v_import, 0);
# CCE: TPUSH<decltype(pipe0), decltype(c), TileSplitAxis::TILE_NO_SPLIT>(pipe0, c);
# CCE: void mm_relu_aiv(
# CCE: int32_t c2v_buf = 0x0;
# CCE: auto pipe0 = TPipe<0, Direction::DIR_C2V, 1024, 2, 2, true>(gm_pipe_buffer, c2v_buf, 0);
# CCE: Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::NoneBox, 512, PadValue::Null> cv;
# CCE-NEXT: TPOP<decltype(pipe0), decltype(cv), TileSplitAxis::TILE_NO_SPLIT>(pipe0, cv);
# CCE: TASSIGN(r, 0x800);
# CCE: TFREE<decltype(pipe0), TileSplitAxis::TILE_NO_SPLIT>(pipe0);
