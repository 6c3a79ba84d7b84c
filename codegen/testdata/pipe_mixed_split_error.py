# One pipe is either split between the two vector lanes or not: TPipe has
# one IsNoSplit for it, so transfers of one pipe with split=0 and split!=0
# (across both lanes) are an error.
# RUN: not ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --emit=cce 2>&1 | FileCheck %s
# RUN: not ptoc %s --passes=hoist-output-returns,materialize-aiv-lanes --emit=pto 2>&1 | FileCheck %s
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class MixedSplit:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v: pl.Scalar[pl.INT32] = pl.system.import_peer_buffer(name="c2v", peer_func="k_aiv")
        pl.system.aic_initialize_pipe(c2v, 0, dir_mask=1, slot_size=1024)
        c: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.create(shape=[16, 16], dtype=pl.FP32, target_memory=pl.MemorySpace.Acc)
        pl.tile.tpush_to_aiv(c, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, a: pl.Tensor[[16, 16], pl.FP32]):
        c2v: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="c2v", size=2048)
        pl.system.aiv_initialize_pipe(c2v, 0, dir_mask=1, slot_size=1024)
        t: pl.Tile[[8, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic(split=1)
        pl.system.tfree_to_aic(t, split=1)

# CHECK: error: pipe 0 carries both split (split=1) and unsplit (split=0) transfers; a pipe is either split between the two vector lanes or not (TPipe's IsNoSplit)
