import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def v(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
        a: pl.Tile[[16, 32], pl.FP32, pl.MemorySpace.Vec] = pl.load(x, [0, 0], [16, 32])
        n = pl.tensor.dim(x, 0)
        pl.store(a, [0, 0], out, [16, 32])
        pl.system.syncall(mode="soft", core_type="aiv_only", gm_workspace=x, used_cores=4)
