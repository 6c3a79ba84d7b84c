# pld.tensor.put / pld.tensor.get have no staging tile of their own: the
# code generator allocates one in UB (the tensor's rows, at most 16 KiB).
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class TensorPutGet:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, src: pl.Tensor[[64, 128], pl.FP32], win: pld.DistributedTensor[[64, 128], pl.FP32], peer: pl.Scalar[pl.INDEX]):
        pld.tensor.put(win, peer, src)
        pld.tensor.get(src, peer, win)

# 128 fp32 = 512 bytes a row: 32 rows fill 16 KiB.
# PTO: %stage = pto.alloc_tile addr = %c{{[0-9]+}}_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=128, v_row=32, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
# PTO: pto.comm.tput({{.*}}, buf(%stage) : !pto.partition_tensor_view<64x128xf32>, !pto.partition_tensor_view<64x128xf32>, !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=128
# The whole window is 512 lines: the peer invalidate falls back.
# PTO: pto.cmo.cacheinvalid all #pto.address_space<gm>
# PTO: %stage_1 = pto.alloc_tile addr = %c{{[0-9]+}}_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=128
# PTO: pto.comm.tget({{.*}}, buf(%stage_1) :

# CCE: Tile<TileType::Vec, float, 32, 128, BLayout::RowMajor, 32, 128, SLayout::NoneBox, 512, PadValue::Null> stage;
# CCE-NEXT: TASSIGN(stage, 0x0);
# CCE: pto::comm::TPUT(win_gm, src_gm, stage);
# CCE: dcci((__gm__ void*)0, cache_line_t::ENTIRE_DATA_CACHE);
# CCE: TASSIGN(stage_1, 0x4000);
# CCE: pto::comm::TGET(src_gm_1, win_gm_1, stage_1);
