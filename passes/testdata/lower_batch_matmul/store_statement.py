# A product stored by a statement of its own (no name for the stored
# tensor): each page's store is a statement of its own too, into the same
# tensor. The C++ target then has one TMATMUL per page.
# RUN: ptoc %s --passes= --emit=pb -o %t.pb
# RUN: lower-batch-matmul %t.pb -o %t.out.pb
# RUN: ptoc %t.out.pb --passes= --emit=text | FileCheck %s
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# CHECK-LABEL: def k(
# CHECK: c_0: {{.*}} = pl.tile.matmul(am_0, bm_0)
# CHECK-NEXT: pl.tile.store(c_0, [0, 0, 0], out, [1, 16, 16])
# CHECK: c_1: {{.*}} = pl.tile.matmul(am_1, bm_1)
# CHECK-NEXT: pl.tile.store(c_1, [1, 0, 0], out, [1, 16, 16])
# CCE: TMATMUL(
# CCE: TMATMUL(
# CCE-NOT: TMATMUL(
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[2, 16, 32], pl.FP16], b: pl.Tensor[[2, 32, 16], pl.FP16],
          out: pl.Out[pl.Tensor[[2, 16, 16], pl.FP32]]):
        am: pl.Tile[[2, 16, 32], pl.FP16, pl.Mem.Mat] = pl.tile.load(a, [0, 0, 0], [2, 16, 32], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[2, 32, 16], pl.FP16, pl.Mem.Mat] = pl.tile.load(b, [0, 0, 0], [2, 32, 16], target_memory=pl.Mem.Mat)
        c: pl.Tile[[2, 16, 16], pl.FP32] = pl.tile.batch_matmul(am, bm)
        pl.tile.store(c, [0, 0, 0], out)
