# A hand-written AIC / AIV kernel with a cross-core op and no pipe setup at
# all is an error that names the missing initialize_pipe (PyPTO's
# MixedKernelExpanded verifier refuses it too); expand-mixed-kernel writes
# the setup only for an InCore kernel it splits.
# RUN: not ptoc %s --passes=expand-mixed-kernel --emit=text 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class NoSetup:
    @pl.function(type=pl.FunctionType.AIV)
    def consumer(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic(split=0)
        pl.tile.store(t, [0, 0], out)
        pl.system.tfree_to_aic(t)

# CHECK: hand_written_transfer_no_setup_error.py:13:53: error: in 'consumer': 'tile.tpop_from_aic' is a cross-core op, but 'consumer' has no 'system.aiv_initialize_pipe' call: a hand-written AIV kernel sets up its pipe itself
