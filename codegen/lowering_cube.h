// The lowering plans of the cube ops (part of lowering.h's PlanCall, in a
// file of their own).
//
// tile.matmul / matmul_bias / gemv / gemv_bias (OpKind::kMatmul): a fresh
// Acc tile, lhs (Left) x rhs (Right), plus the bias row (Bias) broadcast to
// every row: pto.tmatmul[.bias] / pto.tgemv[.bias] ins(%lhs, %rhs[, %bias])
// outs(%acc), TMATMUL[_BIAS](acc, lhs, rhs[, bias]) / TGEMV[_BIAS]; one M
// step. tile.matmul_acc / gemv_acc (OpKind::kMatmulAcc): in place, acc +=
// lhs x rhs (pto.tmatmul.acc / pto.tgemv.acc ins(%acc, %lhs, %rhs)
// outs(%acc), TMATMUL_ACC(acc, acc, lhs, rhs)). The gemv ops take PyPTO's
// acc_phase ("partial" / "final": {accPhase = #pto<acc_phase partial>},
// TGEMV<AccPhase::Partial>), a one-row lhs and an Acc result of 16
// physical rows, the first valid.
//
// Operand types (pto-isa's CheckStaticMad, a2a3 and a5): FP16 x FP16,
// BF16 x BF16, FP32 x FP32 -> FP32, INT8 x INT8 -> INT32; the bias is a
// [1, N] row of the accumulator's element type (TMATMUL_BIAS_IMPL:
// TileBias::Rows == 1, the result's DType), N the result's.
#ifndef PTOC_CODEGEN_LOWERING_CUBE_H_
#define PTOC_CODEGEN_LOWERING_CUBE_H_

#include "absl/status/status.h"
#include "codegen/lowering.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

// OpKind::kMatmul and kMatmulAcc: the tile arguments in PyPTO's order, the
// M step, plan->acc_phase, or the error at `loc` (operand types the cube
// does not multiply, a bias that is not a [1, N] row of the accumulator's
// type, a gemv lhs of more than one row, an unknown acc_phase, a
// matmul_acc init_cond).
absl::Status PlanCube(const Expr& call, const Location& loc, CallLowering* plan);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_LOWERING_CUBE_H_
