# A mixed kernel written `return pl.store(acc, offsets, out)` into its own
# pl.Out parameter (PyPTO's usual spelling) has no return value: the store
# becomes a statement, the lanes and the Group return nothing, and the
# kernel compiles.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# CHECK: def mm_relu_aic(
# CHECK: def mm_relu_aiv(
# CHECK: out_ret = pl.tile.store(
# CHECK: {{^        return$}}
# CHECK-NOT: return out
# PTO: func.func @mm_relu_aiv(
# PTO: pto.tstore
# CCE: TSTORE(
import pypto.language as pl


@pl.program
class ReturnStoreMixed:
    @pl.function(type=pl.FunctionType.InCore)
    def mm_relu(self, a: pl.Tensor[[16, 16], pl.BF16], b: pl.Tensor[[16, 16], pl.BF16], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        am: pl.Tile[[16, 16], pl.BF16] = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[16, 16], pl.BF16] = pl.load(b, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
        l: pl.Tile[[16, 16], pl.BF16] = pl.move(am, target_memory=pl.Mem.Left)
        r: pl.Tile[[16, 16], pl.BF16] = pl.move(bm, target_memory=pl.Mem.Right)
        c: pl.Tile[[16, 16], pl.FP32] = pl.matmul(l, r)
        v: pl.Tile[[16, 16], pl.FP32] = pl.move(c, target_memory=pl.Mem.Vec)
        return pl.store(pl.relu(v), [0, 0], out)
