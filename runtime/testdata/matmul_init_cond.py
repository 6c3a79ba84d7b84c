# tile.matmul_acc with PyPTO's init_cond, the split-K idiom: the first K
# step (k == 0) overwrites the accumulator, the others add to it. Run twice
# (j), so that a lost init shows as the second product added to the first.
import pypto.language as pl


@pl.program
class MatmulInitCond:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP16], b: pl.Tensor[[64, 16], pl.FP16],
          out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]) -> pl.Tensor[[32, 16], pl.FP32]:
        acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc] = pl.tile.create([16, 16], pl.FP32, target_memory=pl.Mem.Acc)
        for j, (acc_j, out_j) in pl.range(0, 2, 1, init_values=(acc, out)):
            for k0, (acc_k,) in pl.range(0, 64, 16, init_values=(acc_j,)):
                x: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat] = pl.load(a, [0, k0], [16, 16], target_memory=pl.Mem.Mat)
                y: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat] = pl.load(b, [k0, 0], [16, 16], target_memory=pl.Mem.Mat)
                acc_next = pl.matmul_acc(acc_k, x, y, init_cond=(k0 == 0))
                acc_k_out = pl.yield_(acc_next)
            out_next = pl.store(acc_k_out, [j * 16, 0], out_j)
            acc_j_out, out_j_out = pl.yield_(acc_k_out, out_next)
        return out_j_out
