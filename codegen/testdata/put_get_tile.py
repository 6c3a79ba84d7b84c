# pld.tile.put / pld.tile.get: TPUT / TGET through the given staging tile,
# each between two full pipe barriers (they are DMA; the fence does not
# drain the pipe that issued them). A put then invalidates the peer region
# (2 x 16 fp32 = 2 lines; codegen's own, the kernel naming no peer region
# invalidate). The get, the next call, reuses the peer view.
# RUN: ptoc %s --passes= --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes= --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class PutGet:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, src: pl.Tensor[[2, 16], pl.FP32], win: pld.DistributedTensor[[2, 16], pl.FP32], peer: pl.Scalar[pl.INDEX]):
        stage: pl.Tile[[2, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.create(shape=[2, 16], dtype=pl.FP32)
        pld.tile.put(win, peer, src, stage, atomic="add")
        pld.tile.get(src, peer, win, stage)

# PTO: %[[DST:.*]] = pto.partition_view %win_peer_view, offsets = [%c0, %c0], sizes = [%c2, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<2x16xf32>
# PTO-NEXT: %[[SRC:.*]] = pto.partition_view %src_view, offsets = [%c0, %c0], sizes = [%c2, %c16]
# PTO-NEXT: pto.barrier <PIPE_ALL>
# PTO-NEXT: pto.comm.tput(%[[DST]], %[[SRC]], buf(%stage) : !pto.partition_tensor_view<2x16xf32>, !pto.partition_tensor_view<2x16xf32>, !pto.tile_buf<{{.*}}>) {atomicType = #pto<atomic_type atomic_add>}
# PTO-NEXT: pto.barrier <PIPE_ALL>
# PTO-NEXT: %[[L0:.*]] = pto.partition_view %win_peer_view, offsets = [%c0, %c0], sizes = [%c1, %c16]
# PTO-NEXT: pto.cmo.cacheinvalid %[[L0]] single_cache_line
# PTO-NEXT: %[[L1:.*]] = pto.partition_view %win_peer_view, offsets = [%c1, %c0], sizes = [%c1, %c16]
# PTO-NEXT: pto.cmo.cacheinvalid %[[L1]] single_cache_line
# PTO: %[[GSRC:.*]] = pto.partition_view %win_peer_view, offsets = [%c0, %c0], sizes = [%c2, %c16]
# PTO-NEXT: %[[GDST:.*]] = pto.partition_view %src_view, offsets = [%c0, %c0], sizes = [%c2, %c16]
# PTO-NEXT: pto.barrier <PIPE_ALL>
# PTO-NEXT: pto.comm.tget(%[[GDST]], %[[GSRC]], buf(%stage) : {{.*}})
# PTO-NEXT: pto.barrier <PIPE_ALL>
# PTO-NEXT: return

# CCE: pipe_barrier(PIPE_ALL);
# CCE-NEXT: pto::comm::TPUT<AtomicType::AtomicAdd>(win_gm, src_gm, stage);
# CCE-NEXT: pipe_barrier(PIPE_ALL);
# CCE-NEXT: dcci(win_peer, cache_line_t::SINGLE_CACHE_LINE);
# CCE-NEXT: dcci(win_peer + 16, cache_line_t::SINGLE_CACHE_LINE);
# CCE: pipe_barrier(PIPE_ALL);
# CCE-NEXT: pto::comm::TGET(src_gm_1, win_gm_1, stage);
# CCE-NEXT: pipe_barrier(PIPE_ALL);
