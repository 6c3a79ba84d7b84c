# An extract of a slice of a slice reads the first slice's source at the
# summed offsets (8 + 8 + 0 rows, constant-folded: a whole fractal, as a
# TEXTRACT into Left needs; a run-time offset is added), and the chain of
# slices, then unused, is dropped.
# RUN: ptoc %s --passes= --emit=pb -o %t.pb
# RUN: canonicalize-tile-slice %t.pb -o %t.out.pb
# RUN: ptoc %t.out.pb --passes= --emit=text | FileCheck %s
# RUN: ptoc %s --emit=cce -o /dev/null
# CHECK-LABEL: def k(
# CHECK-NOT: pl.tile.slice
# CHECK: a: {{.*}} = pl.tile.extract(lhs_mat, 16, 0, [16, 256], target_memory=pl.Mem.Left)
# CHECK: w: {{.*}} = pl.tile.extract(x, r + 2, 32, [4, 32], target_memory=pl.Mem.Vec)
# CHECK-NOT: pl.tile.slice
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, lhs: pl.Tensor[[48, 256], pl.BF16], rhs: pl.Tensor[[256, 64], pl.BF16],
          v: pl.Tensor[[16, 64], pl.FP32], r: pl.Scalar[pl.INDEX],
          out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], vout: pl.Out[pl.Tensor[[4, 32], pl.FP32]]):
        lhs_mat: pl.Tile[[48, 256], pl.BF16, pl.Mem.Mat] = pl.tile.load(lhs, [0, 0], [48, 256], target_memory=pl.Mem.Mat)
        rhs_mat: pl.Tile[[256, 64], pl.BF16, pl.Mem.Mat] = pl.tile.load(rhs, [0, 0], [256, 64], target_memory=pl.Mem.Mat)
        s1: pl.Tile[[40, 256], pl.BF16, pl.Mem.Mat] = pl.tile.slice(lhs_mat, [40, 256], [8, 0])
        s2: pl.Tile[[16, 256], pl.BF16, pl.Mem.Mat] = pl.tile.slice(s1, [16, 256], [8, 0])
        a: pl.Tile[[16, 256], pl.BF16, pl.Mem.Left] = pl.tile.extract(s2, 0, 0, shape=[16, 256], target_memory=pl.Mem.Left)
        b: pl.Tile[[256, 64], pl.BF16, pl.Mem.Right] = pl.tile.extract(rhs_mat, 0, 0, shape=[256, 64], target_memory=pl.Mem.Right)
        c: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(a, b)
        pl.tile.store(c, [0, 0], out)
        x: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(v, [0, 0], [16, 64])
        rows: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.slice(x, [8, 64], [r, 0])
        w: pl.Tile[[4, 32], pl.FP32, pl.Mem.Vec] = pl.tile.extract(rows, 2, 32, shape=[4, 32], target_memory=pl.Mem.Vec)
        pl.tile.store(w, [0, 0], vout)
