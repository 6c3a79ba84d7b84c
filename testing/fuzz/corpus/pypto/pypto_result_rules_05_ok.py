import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, a: pl.Tensor[[16, 64], pl.FP8E4M3FN], a_s: pl.Tensor[[16, 2], pl.FP8E8M0],
             b: pl.Tensor[[64, 32], pl.FP8E4M3FN], b_s: pl.Tensor[[2, 32], pl.FP8E8M0]):
        lhs = pl.move(pl.load(a, [0, 0], [16, 64]), target_memory=pl.Mem.Left)
        ls = pl.move(pl.load(a_s, [0, 0], [16, 2], target_memory=pl.Mem.Mat),
                     target_memory=pl.Mem.LeftScale)
        rhs = pl.move(pl.load(b, [0, 0], [64, 32]), target_memory=pl.Mem.Right)
        rs = pl.move(pl.load(b_s, [0, 0], [2, 32], target_memory=pl.Mem.Mat),
                     target_memory=pl.MemorySpace.RightScale)
        c = pl.matmul_mx(lhs, ls, rhs, rs)
