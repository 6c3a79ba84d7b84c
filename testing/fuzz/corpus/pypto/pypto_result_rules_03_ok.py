import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, w: pl.Tensor[[1, 64, 128], pl.BF16], d: pl.Tensor[[2, 4, 16], pl.FP32]):
        a = pl.tile.load(w, [0, 0, 0], [1, 64, 128], target_memory=pl.Mem.Mat)
        v = pl.tile.transpose_view(a)
        b = pl.tile.load(d, [0, 0, 0], [2, 4, 16])
        t = pl.tile.transpose(b, 0, 1)
        u = pl.tensor.transpose(d, axis1=0, axis2=-1)
