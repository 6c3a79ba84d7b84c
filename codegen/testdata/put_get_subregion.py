# pld.tensor.put / get with dst_offsets, src_offsets and shape move that
# region of each tensor (partition views at the offsets, of the shape), and
# the staging tile is sized from the region, or by chunk_rows / chunk_cols
# where given; the peer invalidate after the put covers the region only.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class Subregion:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, src: pl.Tensor[[8, 64], pl.FP16], win: pld.DistributedTensor[[16, 64], pl.FP16], peer: pl.Scalar[pl.INDEX]):
        pld.tensor.put(win, peer, src, [3, 0], [1, 0], [2, 64])
        pld.tensor.get(src, peer, win, [0, 0], [8, 0], [4, 64], chunk_rows=2, chunk_cols=32)

# PTO: %stage = pto.alloc_tile addr = %c{{[0-9]+}}_i64 : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=64, v_row=2, v_col=64,
# PTO: %[[DST:.*]] = pto.partition_view %{{.*}}, offsets = [%c3, %c0], sizes = [%c2, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<2x64xf16>
# PTO: %[[SRC:.*]] = pto.partition_view %src_view, offsets = [%c1, %c0], sizes = [%c2, %c64] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<2x64xf16>
# PTO: pto.comm.tput(%[[DST]], %[[SRC]], buf(%stage)
# The invalidate covers rows 3-4 only (two lines each).
# PTO: %{{.*}} = pto.partition_view %win_peer_view, offsets = [%c3, %c0], sizes = [%c1, %c32]
# PTO-NEXT: pto.cmo.cacheinvalid %{{.*}} single_cache_line
# PTO-NOT: cacheinvalid all
# PTO: %stage_1 = pto.alloc_tile addr = %c{{[0-9]+}}_i64 : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=32, v_row=2, v_col=32,
# PTO: pto.comm.tget(

# CCE: Tile<TileType::Vec, half, 2, 64, BLayout::RowMajor, 2, 64, SLayout::NoneBox, 512, PadValue::Null> stage;
# CCE: pto::comm::TPUT(
# CCE: Tile<TileType::Vec, half, 2, 32, BLayout::RowMajor, 2, 32, SLayout::NoneBox, 512, PadValue::Null> stage_1;
# CCE: pto::comm::TGET(
