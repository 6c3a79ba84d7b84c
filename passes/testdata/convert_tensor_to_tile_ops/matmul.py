# tensor.matmul loads its GM operands into Mat: a slice feeding it becomes
# a Mat tile.load of the window, a parameter a whole Mat load named
# `<name>_mat` before the matmul (PyPTO's InputSpaceReq); the result is an
# Acc tile, and assembling it into the carried output is a tile.store into
# the carried tensor. infer-tile-memory-space then moves Mat into Left /
# Right, and the kernel compiles.
# RUN: ptoc %s --passes=convert-tensor-to-tile-ops --emit=text | FileCheck %s
# RUN: ptoc %s -o %t.pto
# CHECK: for n, (acc,) in pl.range(0, 64, 32, init_values=(output,)):
# CHECK-NEXT: rhs_n_tile: pl.Tile{{\[\[}}32, 32], pl.BF16, pl.Mem.Mat] = pl.tile.load(rhs, [0, n], [32, 32], [32, 32], target_memory=pl.Mem.Mat)
# CHECK-NEXT: lhs_mat: pl.Tile{{\[\[}}16, 32], pl.BF16, pl.Mem.Mat] = pl.tile.load(lhs, [0, 0], [16, 32], [16, 32], target_memory=pl.Mem.Mat)
# CHECK-NEXT: c_n_tile: pl.Tile{{\[\[}}16, 32], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(lhs_mat, rhs_n_tile, out_dtype=pl.FP32)
# CHECK-NEXT: acc_next = pl.tile.store(c_n_tile, [0, n], acc)
import pypto.language as pl


@pl.program
class Matmul:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(
        self,
        lhs: pl.Tensor[[16, 32], pl.BF16],
        rhs: pl.Tensor[[32, 64], pl.BF16],
        output: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
    ) -> pl.Tensor[[16, 64], pl.FP32]:
        for n, (acc,) in pl.range(0, 64, 32, init_values=(output,)):
            rhs_n: pl.Tensor[[32, 32], pl.BF16] = pl.slice(rhs, [32, 32], [0, n])
            c_n: pl.Tensor[[16, 32], pl.FP32] = pl.matmul(lhs, rhs_n, out_dtype=pl.FP32)
            acc_next: pl.Tensor[[16, 64], pl.FP32] = pl.assemble(acc, c_n, [0, n])
            result = pl.yield_(acc_next)
        return result
