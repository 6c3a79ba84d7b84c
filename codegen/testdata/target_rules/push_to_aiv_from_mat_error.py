# ptoas maps a cube-to-vector push only from Acc (the FIX pipe): a push of a
# Mat tile is refused at the push, never written as a .pto the assembler
# rejects (PyPTO's 0846_SubmitPipeProgram in the corpus pushes a Mat tile).
# RUN: not ptoc %s --backend=a2a3 --emit=pto 2>&1 | FileCheck %s
# RUN: not ptoc %s --backend=a5 --emit=cce 2>&1 | FileCheck %s
# CHECK: push_to_aiv_from_mat_error.py:[[@LINE+12]]:9: error: 'tile.tpush_to_aiv' pushes a tile in Acc, not in Mat
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, q: pl.Tensor[[16, 16], pl.FP32], sink: pl.InOut[pl.Tensor[[16, 16], pl.FP32]]):
        v2c = pl.reserve_buffer(name="v2c", size=4096, base=pl.AUTO)
        c2v = pl.import_peer_buffer(name="c2v", peer_func="vec")
        pl.aic_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=512)
        tile = pl.load(q, [0, 0], [16, 16], target_memory=pl.MemorySpace.Mat)
        pl.tpush_to_aiv(tile, split=0)

    @pl.function(type=pl.FunctionType.AIV)
    def vec(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c2v = pl.reserve_buffer(name="c2v", size=4096, base=pl.AUTO)
        v2c = pl.import_peer_buffer(name="v2c", peer_func="cube")
        pl.aiv_initialize_pipe(c2v, v2c, dir_mask=3, slot_size=512)
        tile = pl.tpop_from_aic(shape=[16, 16], dtype=pl.FP32, split=0)
        pl.tfree_to_aic(tile, split=0)
