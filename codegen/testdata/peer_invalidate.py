# system.cacheinvalid(win, shapes, offsets, peer=p) (comm-hazards.md H6):
# the region in rank p's copy of the window, addressed like a remote
# store's (local + (window_base[p] - window_base[rank]) / element_bytes from
# the communicator), one single-line invalidate per line. A kernel that
# names its peer invalidates gets no invalidate of codegen's own after its
# remote writes: the TSTORE and the TPUT are followed by the IR's ones,
# which use the peer address the write computed (the next call of the same
# block); after the loop the address is computed again (the loop's is out
# of scope).
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class PeerInvalidate:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[1, 16], pl.FP32], win: pld.DistributedTensor[[4, 16], pl.FP32],
          box: pld.DistributedTensor[[1, 32], pl.FP32], src: pl.Tensor[[1, 32], pl.FP32],
          peer: pl.Scalar[pl.INDEX]):
        row: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 0], [1, 16])
        pld.tile.remote_store(row, win, peer, [1, 0])
        pl.system.cacheinvalid(win, [1, 16], [1, 0], peer=peer)
        pl.system.fence()
        pld.tensor.put(box, 3, src)
        pl.system.cacheinvalid(box, [1, 32], [0, 0], peer=3)
        pl.system.fence()
        for i in pl.range(2):
            pld.tile.remote_store(row, win, peer, [i, 0])
        pl.system.cacheinvalid(win, [2, 16], [0, 0], peer=peer)
        pl.system.fence()

# PTO: %win_peer = pto.addptr %win,
# PTO-NEXT: %win_peer_view = pto.make_tensor_view %win_peer, shape = [%c4, %c16], strides = [%c16, %c1]
# PTO: pto.tstore ins(%row
# (Every other pipe idle: the store's completion is one PIPE_ALL, cheaper
# than an MTE3 -> S pair.)
# PTO-NEXT: pto.barrier <PIPE_ALL>
# PTO-NEXT: %[[LINE:.*]] = pto.partition_view %win_peer_view, offsets = [%c1, %c0], sizes = [%c1, %c16]
# PTO-NEXT: pto.cmo.cacheinvalid %[[LINE]] single_cache_line : !pto.partition_tensor_view<1x16xf32>
# PTO-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
# PTO: %box_peer_view = pto.make_tensor_view
# PTO: pto.comm.tput
# PTO-NEXT: pto.barrier <PIPE_ALL>
# PTO-NEXT: pto.partition_view %box_peer_view, offsets = [%c0, %c0], sizes = [%c1, %c16]
# PTO-NEXT: pto.cmo.cacheinvalid {{.*}} single_cache_line
# PTO-NEXT: pto.partition_view %box_peer_view, offsets = [%c0, %c16], sizes = [%c1, %c16]
# PTO-NEXT: pto.cmo.cacheinvalid {{.*}} single_cache_line
# PTO-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
# PTO: scf.for
# PTO: %win_peer_view_1 = pto.make_tensor_view
# PTO: pto.tstore
# PTO-NOT: pto.cmo.cacheinvalid
# PTO: } loc(
# PTO: %win_peer_view_2 = pto.make_tensor_view
# PTO: pto.partition_view %win_peer_view_2, offsets = [%c0, %c0], sizes = [%c1, %c16]
# PTO-NEXT: pto.cmo.cacheinvalid {{.*}} single_cache_line
# PTO-NEXT: pto.partition_view %win_peer_view_2, offsets = [%c1, %c0], sizes = [%c1, %c16]
# PTO-NEXT: pto.cmo.cacheinvalid {{.*}} single_cache_line
# PTO-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>

# CCE: __gm__ float* win_peer = win + (comm_ctx[2 + peer] - own_window_base) / 4;
# CCE: TSTORE(win_gm, row);
# CCE-NEXT: // {{.*}}peer_invalidate.py:24
# CCE-NEXT: pipe_barrier(PIPE_ALL);
# CCE-NEXT: dcci(win_peer + 16, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: // {{.*}}peer_invalidate.py:25
# CCE-NEXT: pipe_barrier(PIPE_ALL);
# CCE-NEXT: dsb(DSB_DDR);
# CCE: __gm__ float* box_peer = box + (comm_ctx[2 + 3] - own_window_base) / 4;
# CCE: pto::comm::TPUT(box_gm, src_gm, stage);
# CCE-NEXT: pipe_barrier(PIPE_ALL);
# CCE-NEXT: // {{.*}}peer_invalidate.py:27
# CCE-NEXT: dcci(box_peer, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: dcci(box_peer + 16, cache_line_t::SINGLE_CACHE_LINE);
# CCE: for (int64_t i = 0; i < 2; i += 1) {
# CCE: __gm__ float* win_peer_1 = win + (comm_ctx[2 + peer] - own_window_base) / 4;
# CCE: TSTORE(
# CCE-NOT: dcci
# CCE: }
# CCE: __gm__ float* win_peer_2 = win + (comm_ctx[2 + peer] - own_window_base) / 4;
# CCE: dcci(win_peer_2, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: dcci(win_peer_2 + 16, cache_line_t::SINGLE_CACHE_LINE);
