# A mixed kernel written `return pl.store(acc, offsets, out)` into its own
# pl.Out parameter (PyPTO's usual spelling) is split as PyPTO's
# ExpandMixedKernel splits it: the store becomes a statement (on the AIV
# lane, where its tile is), the AIC lane returns nothing, the AIV lane
# returns `out`, and the Group calls both lanes and returns its own `out`.
# The returned parameter costs nothing: the emitted .pto and .cpp are those
# of the same kernel written without a return.
# RUN: ptoc %s --passes=expand-mixed-kernel --emit=text | FileCheck %s
# CHECK-LABEL: def mm_relu_aic(
# CHECK-SAME: pl.FP32]]):
# CHECK-NOT: return out
# CHECK: {{^        return$}}
# CHECK-LABEL: def mm_relu_aiv(
# CHECK-SAME: pl.FP32]]) -> pl.Tensor{{.*}}:
# CHECK: out_ret = pl.tile.store(pl.tile.relu(v), [0, 0], out)
# CHECK: {{^        return out$}}
# CHECK: @pl.function(type=pl.FunctionType.Group, level=pl.Level.CORE_GROUP, role=pl.Role.SubWorker)
# CHECK-NEXT: def mm_relu(
# CHECK-SAME: -> pl.Tensor{{.*}}:
# CHECK-NEXT: self.mm_relu_aic(a, b, out)
# CHECK-NEXT: self.mm_relu_aiv(a, b, out)
# CHECK-NEXT: return out
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# PTO: func.func @mm_relu_aiv(
# PTO: pto.tstore
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# CCE: TSTORE(
# The same kernel without its return: byte for byte the same code, but for
# the file name and source positions.
# RUN: sed -e 's/) -> pl.Tensor\[\[16, 16\], pl.FP32\]:$/):/' -e 's/return pl.store(/pl.store(/' %s > %t.noret.py
# RUN: not grep -q '^ *return' %t.noret.py
# RUN: ptoc %s --emit=pto | sed -e 's/loc([^)]*)//g' -e 1d > %t.ret.pto
# RUN: ptoc %t.noret.py --emit=pto | sed -e 's/loc([^)]*)//g' -e 1d > %t.noret.pto
# RUN: diff %t.ret.pto %t.noret.pto
# RUN: ptoc %s --emit=cce | sed -e 's|// .*\.py:[0-9].*||' -e 1d > %t.ret.cpp
# RUN: ptoc %t.noret.py --emit=cce | sed -e 's|// .*\.py:[0-9].*||' -e 1d > %t.noret.cpp
# RUN: diff %t.ret.cpp %t.noret.cpp
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
