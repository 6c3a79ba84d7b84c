# In a mixed kernel without hand-written pipe setup the pass owns the pipe:
# a hand-written transfer is an error at the op (it was an internal error
# of the pass's post-condition check, found by the pipeline fuzzer).
# RUN: not ptoc %s --passes=expand-mixed-kernel --emit=text 2>&1 | FileCheck %s
import pypto.language as pl


@pl.program
class K:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        c: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Acc] = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.MemorySpace.Acc)
        v: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.move(c, target_memory=pl.MemorySpace.Vec)
        pl.tile.store(v, [0, 0], out)
        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic(id=1)
        pl.system.tfree_to_aic(t, id=1)

# CHECK: hand_written_transfer_without_setup_error.py:15:61: error: in kernel 'k': a hand-written 'tile.tpop_from_aic' in a mixed kernel without hand-written pipe setup; the pass makes the kernel's pipe and its transfers itself: write the crossing as tile.move, or set the pipe up by hand (system.reserve_buffer / import_peer_buffer / *_initialize_pipe)
# CHECK-NOT: internal error
