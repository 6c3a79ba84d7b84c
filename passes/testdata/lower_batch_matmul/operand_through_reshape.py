# An operand may be a reshape of a load that only adds (or drops) leading
# dims of 1, as convert-tensor-to-tile-ops writes a tensor.reshape before a
# batched matmul: its batch dims still line up from the matrix, so each
# page is read from the load's tensor at the load's offsets; the reshape
# and the whole load, then unused, are dropped.
# RUN: ptoc %s --passes= --emit=pb -o %t.pb
# RUN: lower-batch-matmul %t.pb -o %t.out.pb
# RUN: ptoc %t.out.pb --passes= --emit=text | FileCheck %s
# RUN: ptoc %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# CHECK-LABEL: def k(
# CHECK-NOT: pl.tile.reshape
# CHECK: a4_0: {{.*}} = pl.tile.load(a, [0, 0, 0], [1, 16, 32], target_memory=pl.Mem.Mat)
# CHECK: c_0: {{.*}} = pl.tile.matmul(a4_0, b4_0)
# CHECK: a4_1: {{.*}} = pl.tile.load(a, [1, 0, 0], [1, 16, 32], target_memory=pl.Mem.Mat)
# CHECK: b4_1: {{.*}} = pl.tile.load(b, [0, 1, 0, 0], [1, 1, 32, 16], target_memory=pl.Mem.Mat)
# CHECK-NOT: pl.tile.reshape
# PTO-COUNT-2: pto.tmatmul
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[2, 16, 32], pl.FP16], b: pl.Tensor[[1, 2, 32, 16], pl.FP16],
          out: pl.Out[pl.Tensor[[1, 2, 16, 16], pl.FP32]]) -> pl.Tensor[[1, 2, 16, 16], pl.FP32]:
        a3: pl.Tile[[2, 16, 32], pl.FP16, pl.Mem.Mat] = pl.load(a, [0, 0, 0], [2, 16, 32], target_memory=pl.Mem.Mat)
        a4: pl.Tile[[1, 2, 16, 32], pl.FP16, pl.Mem.Mat] = pl.tile.reshape(a3, [1, 2, 16, 32])
        b4: pl.Tile[[1, 2, 32, 16], pl.FP16, pl.Mem.Mat] = pl.load(b, [0, 0, 0, 0], [1, 2, 32, 16], target_memory=pl.Mem.Mat)
        c: pl.Tile[[1, 2, 16, 16], pl.FP32] = pl.tile.batch_matmul(a4, b4)
        out = pl.store(c, [0, 0, 0, 0], out)
        return out
