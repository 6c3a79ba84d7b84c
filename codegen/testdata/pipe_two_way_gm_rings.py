# A two-way pipe takes two rings of the a2a3 GM slot buffer (comm-hazards.md
# H3): TPipe is handed the pipe's base, and pto-isa's TPipe puts the C2V
# ring there and the V2C ring slot_num * slot_size after it, so the kernel's
# workspace holds both before the next pipe starts. A one-way V2C pipe has
# one ring, at its base. Each kernel says how many bytes of gm_pipe_buffer
# it needs (the kernel ABI's gm_pipe_buffer_bytes) and where the rings are.
# RUN: ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --backend=a5 --emit=cce | FileCheck %s --check-prefix=A5
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class TwoWayRings:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="c2v", peer_func="k_aiv")
        v2c: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="v2c", size=1024)
        pl.system.aic_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=512)
        tok: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="tok", size=512)
        pl.system.aic_initialize_pipe(0, tok, dir_mask=2, slot_size=256)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v", size=1024)
        v2c: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="v2c", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=512)
        tok: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="tok", peer_func="k_aic")
        pl.system.aiv_initialize_pipe(0, tok, dir_mask=2, slot_size=256)

# PTO: // gm_pipe_buffer: 2560 bytes; pipe 0: C2V ring [0, 1024), V2C ring [1024, 2048); pipe 1: V2C ring [2048, 2560)
# PTO-NEXT: func.func @k_aic(
# PTO: pto.aic_initialize_pipe {id = 0, dir_mask = 3, slot_size = 512, slot_num = 2, nosplit = false} (gm_slot_buffer = %gm_pipe_buffer : !pto.ptr<i8>,
# PTO: %[[SLOTS:.*]] = pto.addptr %gm_pipe_buffer, %c2048 : !pto.ptr<i8> -> !pto.ptr<i8>
# PTO-NEXT: pto.aic_initialize_pipe {id = 1, dir_mask = 2, slot_size = 256, slot_num = 2, nosplit = false} (gm_slot_buffer = %[[SLOTS]] : !pto.ptr<i8>,
# PTO: // gm_pipe_buffer: 2560 bytes; pipe 0: C2V ring [0, 1024), V2C ring [1024, 2048); pipe 1: V2C ring [2048, 2560)
# PTO-NEXT: func.func @k_aiv(

# CCE: // gm_pipe_buffer: 2560 bytes; pipe 0: C2V ring [0, 1024), V2C ring [1024, 2048); pipe 1: V2C ring [2048, 2560)
# CCE: extern "C" __global__ AICORE void k_aic(
# CCE: auto pipe0 = TPipe<0, Direction::DIR_BOTH, 512, 2, 2, false>(gm_pipe_buffer, c2v, v2c);
# CCE: auto pipe1 = TPipe<4, Direction::DIR_V2C, 256, 2, 2, false>(gm_pipe_buffer + 2048, 0, tok);
# CCE: // gm_pipe_buffer: 2560 bytes; pipe 0: C2V ring [0, 1024), V2C ring [1024, 2048); pipe 1: V2C ring [2048, 2560)
# CCE: extern "C" __global__ AICORE void k_aiv(
# CCE: auto pipe0 = TPipe<0, Direction::DIR_BOTH, 512, 2, 2, false>(gm_pipe_buffer, c2v, v2c);
# CCE: auto pipe1 = TPipe<4, Direction::DIR_V2C, 256, 2, 2, false>(gm_pipe_buffer + 2048, 0, tok);

# a5 pipes have no GM slot buffer, so no workspace.
# A5-NOT: gm_pipe_buffer
# A5: auto pipe0 = TPipe<0, Direction::DIR_BOTH, 512, 2, 2, false>(nullptr, c2v, v2c);
# A5-NOT: gm_pipe_buffer
