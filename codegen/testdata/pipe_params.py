# TPipe takes all six of pto-isa's template arguments (dual-aiv.md, "Pipe
# parameters"): FlagID from ptoas's allocation (pipe 0 at 0; a two-way pipe
# takes 4 flags, so the next pipe starts at 4), LocalSlotNum = slot_num on
# a2a3 and 2 on a5, IsNoSplit from the transfers' split codes (pipe 1's
# transfers are unsplit: true; pipe 0 has none: false, as ptoas infers).
# The a5 slot buffer argument is nullptr. PTO-AS spells IsNoSplit as
# `nosplit`.
# RUN: ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --emit=cce | FileCheck %s --check-prefix=A2A3
# RUN: ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --emit=cce --backend=a5 | FileCheck %s --check-prefix=A5
# RUN: ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --emit=pto | FileCheck %s --check-prefix=PTO
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class PipeParams:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, a: pl.Tensor[[16, 16], pl.FP32]):
        v2c0: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="v2c0", size=8192)
        c2v0: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="c2v0", peer_func="k_aiv")
        pl.system.aic_initialize_pipe(c2v0, v2c0, dir_mask=3, slot_size=1024, slot_num=4)
        c2v1: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="c2v1", peer_func="k_aiv")
        pl.system.aic_initialize_pipe(c2v1, 0, dir_mask=1, slot_size=1024)
        c: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.create(shape=[16, 16], dtype=pl.FP32, target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(c, id=1)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v0: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v0", size=8192)
        v2c0: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="v2c0", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(c2v0, v2c0, dir_mask=3, slot_size=1024, slot_num=4)
        c2v1: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v1", size=2048)
        pl.system.aiv_initialize_pipe(c2v1, 0, dir_mask=1, slot_size=1024)
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic(id=1)
        pl.system.tfree_to_aic(t, id=1)

# A2A3: void k_aic(
# A2A3: auto pipe0 = TPipe<0, Direction::DIR_BOTH, 1024, 4, 4, false>(gm_pipe_buffer, c2v0, v2c0);
# A2A3: auto pipe1 = TPipe<4, Direction::DIR_C2V, 1024, 2, 2, true>(gm_pipe_buffer + 8192, c2v1, 0);
# A2A3: void k_aiv(
# A2A3: auto pipe0 = TPipe<0, Direction::DIR_BOTH, 1024, 4, 4, false>(gm_pipe_buffer, c2v0, v2c0);
# A2A3: auto pipe1 = TPipe<4, Direction::DIR_C2V, 1024, 2, 2, true>(gm_pipe_buffer + 8192, c2v1, 0);

# A5: auto pipe0 = TPipe<0, Direction::DIR_BOTH, 1024, 4, 2, false>(nullptr, c2v0, v2c0);
# A5: auto pipe1 = TPipe<4, Direction::DIR_C2V, 1024, 2, 2, true>(nullptr, c2v1, 0);

# PTO: pto.aic_initialize_pipe {id = 0, dir_mask = 3, slot_size = 1024, slot_num = 4, nosplit = false}
# PTO: pto.aic_initialize_pipe {id = 1, dir_mask = 1, slot_size = 1024, slot_num = 2, nosplit = true}
