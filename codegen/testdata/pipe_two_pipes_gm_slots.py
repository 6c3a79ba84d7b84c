# Each pipe a kernel sets up gets its own part of the a2a3 GM slot buffer,
# one ring of slot_num * slot_size bytes per direction it has, in the order
# of setup: the second (one-way) pipe of a kernel starts after the first
# one's ring of 2 * 512 bytes, and the kernel needs 1024 + 2 * 1024 bytes.
# RUN: ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class TwoPipes:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32]):
        b0: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v0", size=1024)
        pl.system.aiv_initialize_pipe(b0, 0, dir_mask=1, slot_size=512)
        b1: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v1", size=2048)
        pl.system.aiv_initialize_pipe(b1, 0, dir_mask=1, slot_size=1024)
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic(id=1)
        pl.system.tfree_to_aic(t, id=1)

    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, a: pl.Tensor[[16, 16], pl.FP32]):
        i0: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="c2v0", peer_func="k")
        pl.system.aic_initialize_pipe(i0, 0, dir_mask=1, slot_size=512)
        i1: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="c2v1", peer_func="k")
        pl.system.aic_initialize_pipe(i1, 0, dir_mask=1, slot_size=1024)
        c: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.create(shape=[16, 16], dtype=pl.FP32, target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(c, id=1)

# PTO: // gm_pipe_buffer: 3072 bytes; pipe 0: C2V ring [0, 1024); pipe 1: C2V ring [1024, 3072)
# PTO-NEXT: func.func @k(
# PTO: pto.aiv_initialize_pipe {id = 0, dir_mask = 1, slot_size = 512, slot_num = 2, nosplit = false} (gm_slot_buffer = %gm_pipe_buffer : !pto.ptr<i8>, c2v_consumer_buf = %b0 : i32,
# PTO: %[[SLOTS:.*]] = pto.addptr %gm_pipe_buffer, %c1024 : !pto.ptr<i8> -> !pto.ptr<i8>
# PTO-NEXT: pto.aiv_initialize_pipe {id = 1, dir_mask = 1, slot_size = 1024, slot_num = 2, nosplit = true} (gm_slot_buffer = %[[SLOTS]] : !pto.ptr<i8>, c2v_consumer_buf = %b1 : i32,
# PTO-NEXT: %[[C:.*]] = arith.cmpi eq, %sb, %c0 : index
# PTO-NEXT: scf.if %[[C]] {
# PTO-NEXT: %t = pto.tpop_from_aic {id = 1, split = 0}
# PTO-NEXT: pto.tfree_from_aic {id = 1, split = 0}

# The second pipe's FFTS flags start after the first one's two (FlagID 2).
# The first pipe carries no transfer: IsNoSplit false, as ptoas infers it.
# The reserved buffers are packed in UB (512-byte aligned): 0x0 and 0x400.
# CCE: // gm_pipe_buffer: 3072 bytes; pipe 0: C2V ring [0, 1024); pipe 1: C2V ring [1024, 3072)
# CCE: extern "C" __global__ AICORE void k(
# CCE: int32_t b0 = 0x0;
# CCE: auto pipe0 = TPipe<0, Direction::DIR_C2V, 512, 2, 2, false>(gm_pipe_buffer, b0, 0);
# CCE: int32_t b1 = 0x400;
# CCE: auto pipe1 = TPipe<2, Direction::DIR_C2V, 1024, 2, 2, true>(gm_pipe_buffer + 1024, b1, 0);
# CCE: TPOP<decltype(pipe1), decltype(t), TileSplitAxis::TILE_NO_SPLIT>(pipe1, t);
# CCE: TFREE<decltype(pipe1), TileSplitAxis::TILE_NO_SPLIT>(pipe1);
