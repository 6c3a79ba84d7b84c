# pld.tile.remote_store: the peer's copy of the window is addressed as
# local + (window_base[peer] - window_base[rank]) / element_bytes from the
# communicator, the tile is stored there, and the peer region is
# invalidated line by line (codegen's job; the fence after it is the IR's).
# Row 1 of a [4, 16] fp32 window is line 1: one op at element 16.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class RemoteStore:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[1, 16], pl.FP32], win: pld.DistributedTensor[[4, 16], pl.FP32], peer: pl.Scalar[pl.INDEX]):
        row: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [1, 16])
        pld.tile.remote_store(row, win, peer, [1, 0])
        pl.system.fence()

# PTO: func.func @k(%x: !pto.ptr<f32>, %win: !pto.ptr<f32>, %peer: index, %comm_ctx: !pto.ptr<i64>)
# PTO: %[[RANK:.*]] = pto.load_scalar %comm_ctx[%c0] : !pto.ptr<i64> -> i64
# PTO-NEXT: %[[RANKI:.*]] = arith.index_cast %[[RANK]] : i64 to index
# PTO-NEXT: %[[SLOT:.*]] = arith.addi %[[RANKI]], %c2 : index
# PTO-NEXT: %own_window_base = pto.load_scalar %comm_ctx[%[[SLOT]]] : !pto.ptr<i64> -> i64
# PTO: pto.tload
# PTO-NEXT: %[[PSLOT:.*]] = arith.addi %peer, %c2 : index
# PTO-NEXT: %[[PBASE:.*]] = pto.load_scalar %comm_ctx[%[[PSLOT]]] : !pto.ptr<i64> -> i64
# PTO-NEXT: %[[DELTA:.*]] = arith.subi %[[PBASE]], %own_window_base : i64
# PTO-NEXT: %[[ELEMS:.*]] = arith.divsi %[[DELTA]], %c4_i64 : i64
# PTO-NEXT: %[[OFF:.*]] = arith.index_cast %[[ELEMS]] : i64 to index
# PTO-NEXT: %win_peer = pto.addptr %win, %[[OFF]] : !pto.ptr<f32> -> !pto.ptr<f32>
# PTO-NEXT: %win_peer_view = pto.make_tensor_view %win_peer, shape = [%c4, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
# PTO-NEXT: %[[PV:.*]] = pto.partition_view %win_peer_view, offsets = [%c1, %c0], sizes = [%c1, %c16]
# PTO-NEXT: pto.set_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
# PTO-NEXT: pto.tstore ins(%row : {{.*}}) outs(%[[PV]] : !pto.partition_tensor_view<1x16xf32>)
# PTO-NEXT: pto.barrier <PIPE_ALL>
# PTO-NEXT: %[[LINE:.*]] = pto.partition_view %win_peer_view, offsets = [%c1, %c0], sizes = [%c1, %c16]
# PTO-NEXT: pto.cmo.cacheinvalid %[[LINE]] single_cache_line : !pto.partition_tensor_view<1x16xf32>
# PTO-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>

# CCE: void k(__gm__ float* x, __gm__ float* win, int64_t peer, __gm__ int64_t* comm_ctx)
# CCE: int64_t own_window_base = comm_ctx[2 + comm_ctx[0]];
# CCE: __gm__ float* win_peer = win + (comm_ctx[2 + peer] - own_window_base) / 4;
# CCE-NEXT: GlobalTensor<float, pto::Shape<1, 1, 1, 1, 16>, pto::Stride<1, 1, 1, 16, 1>> win_gm(win_peer + 16);
# CCE-NEXT: set_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
# CCE-NEXT: wait_flag(PIPE_MTE2, PIPE_MTE3, EVENT_ID0);
# CCE-NEXT: TSTORE(win_gm, row);
# CCE-NEXT: pipe_barrier(PIPE_ALL);
# CCE-NEXT: dcci(win_peer + 16, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: // {{.*}}:18
# CCE-NEXT: pipe_barrier(PIPE_ALL);
# CCE-NEXT: dsb(DSB_DDR);
