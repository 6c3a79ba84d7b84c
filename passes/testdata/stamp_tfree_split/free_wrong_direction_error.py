# A free toward the other core than the one its tile came from is refused
# at the free (PyPTO's StampTfreeSplit checks the same).
# RUN: not ptoc %s --passes=stamp-tfree-split --emit=text 2>&1 | FileCheck %s
# CHECK: free_wrong_direction_error.py:[[@LINE+12]]:9: error: 'system.tfree_to_aic' frees 't', which 'tile.tpop_from_aiv' popped: free a tile toward the core it came from
import pypto.language as pl


@pl.program
class WrongDirection:
    @pl.function(type=pl.FunctionType.AIC)
    def cube(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]):
        buf = pl.reserve_buffer(name="v2c_slot_buffer", size=4096, base=0x1000)
        pl.aic_initialize_pipe(dir_mask=2, slot_size=512, v2c_consumer_buf=buf)
        t: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = pl.tpop_from_aiv(split=1)
        pl.store(t, [0, 0], out)
        pl.system.tfree_to_aic(t)
