# The two ends of a pipe are paired through their buffers, not by their
# setup order: here the cube sets up C2V then V2C and the vector lane V2C
# then C2V. Each pipe gets one FlagID in both lanes, allocated as ptoas does
# (pipes in order of lowest setup id, then direction): C2V at 0, V2C at 2.
# The a2a3 GM slots follow the same order, so both ends of the V2C pipe use
# the ring after the C2V pipe's ring of 2 * 1024 bytes.
# RUN: ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --emit=cce | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class CrossedSetup:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="c2v", peer_func="k_aiv")
        pl.system.aic_initialize_pipe(c2v, 0, dir_mask=1, slot_size=1024)
        v2c: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="v2c", size=2048)
        pl.system.aic_initialize_pipe(0, v2c, dir_mask=2, slot_size=1024)
        c: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.create(shape=[16, 16], dtype=pl.FP32, target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(c, id=0)
        m: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.tpop_from_aiv(id=1)
        pl.system.tfree_to_aiv(m, id=1)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, a: pl.Tensor[[16, 16], pl.FP32]):
        v2c: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="v2c", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(0, v2c, dir_mask=2, slot_size=1024)
        c2v: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v", size=2048)
        pl.system.aiv_initialize_pipe(c2v, 0, dir_mask=1, slot_size=1024)
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic(id=1)
        pl.system.tfree_to_aic(t, id=1)
        h: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)] = pl.tile.create(shape=[16, 16], dtype=pl.FP16, target_memory=pl.MemorySpace.Vec, blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major)
        pl.tile.tpush_to_aic(h, id=0)

# CHECK: void k_aic(
# CHECK: auto pipe0 = TPipe<0, Direction::DIR_C2V, 1024, 2, 2, true>(gm_pipe_buffer, c2v, 0);
# CHECK: auto pipe1 = TPipe<2, Direction::DIR_V2C, 1024, 2, 2, true>(gm_pipe_buffer + 2048, 0, v2c);
# CHECK: void k_aiv(
# CHECK: auto pipe0 = TPipe<2, Direction::DIR_V2C, 1024, 2, 2, true>(gm_pipe_buffer + 2048, 0, v2c);
# CHECK: auto pipe1 = TPipe<0, Direction::DIR_C2V, 1024, 2, 2, true>(gm_pipe_buffer, c2v, 0);
