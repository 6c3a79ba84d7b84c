import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, mem: pl.Tensor[[64, 32], pl.FP16], gidx: pl.Tensor[[1, 16], pl.INT32],
          scratch: pl.Tensor[[512], pl.FP16], eidx: pl.Tensor[[16, 32], pl.INT32],
          x: pl.Tensor[[16, 16], pl.INT32], o: pl.Tensor[[64, 32], pl.FP16]):
        rows = pl.tile.mgather(mem, gidx, target_memory=pl.MemorySpace.Mat, valid_shape=[9, 21])
        elems = pl.tile.mgather(mem, eidx, coalesce="elem", target_memory=pl.MemorySpace.Mat,
                                scratch=scratch)
        it = pl.load(x, [0, 0], [1, 16])
        vrows = pl.tile.mgather(mem, it)
        off = pl.tile.load(pl.tensor.create([4, 8], dtype=pl.UINT32), [0, 0], [4, 8])
        g = pl.tile.gatherb(vrows, off, output_dtype=pl.FP32)
        tri = pl.tile.tri(0, [16, 16], [16, 8], dtype=pl.FP32, upper=True)
        s = pl.tile.mscatter(vrows, it, o)
        l1 = pl.create_l1([128, 128], pl.BF16)
