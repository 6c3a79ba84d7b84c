# A store from Vec (or Mat) moves the tile's bytes: ptoas takes it only
# when the tile and the tensor have elements of one width (only the Acc
# store, through the fixpipe, converts). A located error, not a .pto ptoas
# refuses.
# RUN: not ptoc %s --emit=pto 2>&1 | FileCheck %s
# CHECK: store_width_error.py:[[@LINE+9]]:9: error: 'tile.store' of a FP16 tile in Vec into a FP32 tensor: only a store from Acc converts; cast the tile to FP32 first
import pypto.language as pl


@pl.program
class Width:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 16], pl.FP16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        pl.tile.store(t, [0, 0], out)
