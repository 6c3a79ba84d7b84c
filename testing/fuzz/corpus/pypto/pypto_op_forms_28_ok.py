import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 32], pl.INT8], b: pl.Tensor[[32, 64], pl.INT8]):
        ta = pl.move(pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Left)
        tb = pl.move(pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat), target_memory=pl.Mem.Right)
        c = pl.tile.matmul(ta, tb)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 128], pl.FP16], y: pl.Tensor[[64, 128], pl.FP16]):
        p = pl.matmul(x, y, b_trans=True)
        q = pl.matmul(x, y, a_trans=True, out_dtype=pl.FP32)
