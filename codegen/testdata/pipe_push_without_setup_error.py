# A push, pop or free needs a pipe of its id and direction set up before it.
# RUN: not ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --emit=cce 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class NoSetup:
    @pl.function(type=pl.FunctionType.AIC)
    def k(self, a: pl.Tensor[[16, 16], pl.FP16]):
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="v2c", size=1024)
        pl.system.aic_initialize_pipe(0, buf, dir_mask=2, slot_size=512)
        c: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.create(shape=[16, 16], dtype=pl.FP32, target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(c)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, a: pl.Tensor[[16, 16], pl.FP16]):
        buf: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="v2c", peer_func="k")
        pl.system.aiv_initialize_pipe(0, buf, dir_mask=2, slot_size=512)

# CHECK: pipe_push_without_setup_error.py:15:9: error: 'tile.tpush_to_aiv' uses pipe 0, which was set up without the cube-to-vector direction (dir_mask=2)
