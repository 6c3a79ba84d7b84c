import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, mem: pl.Tensor[[64, 32], pl.FP16], eidx: pl.Tensor[[16, 32], pl.INT32]):
        e = pl.tile.mgather(mem, eidx, coalesce="elem", target_memory=pl.MemorySpace.Mat)
