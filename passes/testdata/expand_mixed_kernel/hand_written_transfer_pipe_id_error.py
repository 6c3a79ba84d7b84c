# In a mixed kernel without hand-written pipe setup the pass sets up pipe 0,
# which hand-written transfers share; one that names another pipe is an
# error at its id (and the pass's post-condition check is never reached).
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

# CHECK: hand_written_transfer_pipe_id_error.py:15:86: error: in kernel 'k': this hand-written 'tile.tpop_from_aic' names pipe id 1, but the kernel has no hand-written pipe setup and the pass sets up pipe 0 only; drop id=, or set the pipes up by hand
# CHECK: hand_written_transfer_pipe_id_error.py:16:38: error: in kernel 'k': this hand-written 'system.tfree_to_aic' names pipe id 1
# CHECK-NOT: internal error
