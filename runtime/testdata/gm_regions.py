# The pipe check keys GM accesses by region, the planner's rule
# (pipe-sync.md §2.1): two stores into disjoint static rows of one tensor
# need nothing and race with nothing; a store into a row stored before gets
# pipe_barrier(PIPE_MTE3), whose removal is a pipe race; a store at a
# run-time row counts as the whole tensor, so it gets the barrier too, and
# its removal is a pipe race even when the row (r = 3) is disjoint at run
# time. (runtime/pipe_sync_sim_removal_test.sh)
import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class GmRegionsSim:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[1, 16], pl.FP32], out: pl.InOut[pl.Tensor[[4, 16], pl.FP32]], r: pl.Scalar[pl.INDEX]):
        x: pl.Tile[[1, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(a, [0, 0], [1, 16])
        pl.tile.store(x, [0, 0], out)
        pl.tile.store(x, [1, 0], out)
        pl.tile.store(x, [0, 0], out)
        pl.tile.store(x, [r, 0], out)
