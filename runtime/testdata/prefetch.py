# The async L2 prefetch (prefetch.make_context / async_prefetch / session /
# wait) ahead of a load of the prefetched tensor: a cache hint, so the
# kernel computes what it would without it. view_ops_numpy_test compares
# ptoc-sim with NumPy; run_emitted_cpp_test the emitted C++ with ptoc-sim.
import pypto.language as pl


@pl.program
class Prefetch:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, x: pl.Tensor[[1, 1024], pl.FP32], out: pl.Out[pl.Tensor[[1, 128], pl.FP32]]):
        ctx = pl.prefetch.make_context()
        evt = pl.prefetch.async_prefetch(x, ctx)
        session = pl.prefetch.session(ctx)
        pl.prefetch.wait(evt, session)
        t: pl.Tile[[1, 128], pl.FP32, pl.MemorySpace.Vec] = pl.tile.load(x, [0, 256], [1, 128])
        u: pl.Tile[[1, 128], pl.FP32] = pl.tile.add(t, t)
        pl.tile.store(u, [0, 0], out)
