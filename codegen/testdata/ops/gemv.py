# tile.gemv / gemv_bias (lhs [1, K], rhs[, bias]) and tile.gemv_acc (acc,
# lhs, rhs): the cube's one-row forms, with PyPTO's acc_phase. A one-row
# Mat, Left or Acc tile stays one row (pto-isa's Tile admits Rows == 1 for
# a boxed layout; its cube takes Left and Acc of one row count). PTO-AS is
# PyPTO's: pto.tgemv[.bias] ins(%l, %r[, %bias]) outs(%acc) {accPhase =
# #pto<acc_phase partial>}, pto.tgemv.acc ins(%acc, %l, %r) outs(%acc); C++
# TGEMV<AccPhase::Partial>(acc, l, r), TGEMV_ACC(acc, acc, l, r).
# RUN: ptoc %s --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --backend=a5 --emit=pto | FileCheck %s --check-prefix=PTO
# RUN: ptoc %s --emit=cce | FileCheck %s --check-prefix=CCE
# RUN: ptoc %s --backend=a5 --emit=cce | FileCheck %s --check-prefix=CCE
import pypto.language as pl


@pl.program
class Gemv:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[1, 128], pl.FP16], b: pl.Tensor[[128, 32], pl.FP16],
          bias: pl.Tensor[[1, 32], pl.FP32], o1: pl.Out[pl.Tensor[[1, 32], pl.FP32]],
          o2: pl.Out[pl.Tensor[[1, 32], pl.FP32]]):
        am: pl.Tile[[1, 64], pl.FP16, pl.Mem.Mat] = pl.tile.load(a, [0, 0], [1, 64], target_memory=pl.Mem.Mat)
        bm: pl.Tile[[64, 32], pl.FP16, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
        am2: pl.Tile[[1, 64], pl.FP16, pl.Mem.Mat] = pl.tile.load(a, [0, 64], [1, 64], target_memory=pl.Mem.Mat)
        bm2: pl.Tile[[64, 32], pl.FP16, pl.Mem.Mat] = pl.tile.load(b, [64, 0], [64, 32], target_memory=pl.Mem.Mat)
        cm: pl.Tile[[1, 32], pl.FP32, pl.Mem.Mat] = pl.tile.load(bias, [0, 0], [1, 32], target_memory=pl.Mem.Mat)
        r: pl.Tile[[1, 32], pl.FP32, pl.Mem.Acc] = pl.tile.gemv(am, bm, acc_phase="partial")
        r2: pl.Tile[[1, 32], pl.FP32, pl.Mem.Acc] = pl.tile.gemv_acc(r, am2, bm2, acc_phase="final")
        pl.tile.store(r2, [0, 0], o1)
        s: pl.Tile[[1, 32], pl.FP32, pl.Mem.Acc] = pl.tile.gemv_bias(am, bm, cm)
        pl.tile.store(s, [0, 0], o2)

# PTO: %am = pto.alloc_tile {{.*}}loc=mat, dtype=f16, rows=1, cols=64, v_row=1, v_col=64,
# PTO: %am_Left = pto.alloc_tile {{.*}}loc=left, dtype=f16, rows=1, cols=64, v_row=1, v_col=64,
# PTO: %r = pto.alloc_tile {{.*}}loc=acc, dtype=f32, rows=1, cols=32, v_row=1, v_col=32,
# PTO: pto.tgemv ins(%am_Left, %bm_Right : {{.*}}) outs(%r : {{.*}}) {accPhase = #pto<acc_phase partial>}
# PTO: pto.tgemv.acc ins(%r, %am2_Left, %bm2_Right : {{.*}}) outs(%r : {{.*}}) {accPhase = #pto<acc_phase final>}
# PTO: pto.tgemv.bias ins(%am_Left, %bm_Right, %cm_Bias : {{.*}}, !pto.tile_buf<loc=bias, {{.*}}>) outs(%s : !pto.tile_buf<loc=acc, {{[^>]*}}>) loc(

# CCE: TGEMV<AccPhase::Partial>(r, am_Left, bm_Right);
# CCE: TGEMV_ACC<AccPhase::Final>(r, r, am2_Left, bm2_Right);
# CCE: TGEMV_BIAS(s, am_Left, bm_Right, cm_Bias);
