#include "codegen/lowering_cube.h"

#include "absl/algorithm/container.h"
#include "absl/strings/str_cat.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {
namespace {

Operand Arg(int i) { return Operand{Operand::Kind::kTileArg, i}; }
Operand Result() { return Operand{Operand::Kind::kResult, 0}; }

std::string ShapeText(const Type& t) {
  std::string s = "[";
  for (size_t i = 0; i < t.shape().size(); ++i) {
    absl::StrAppend(&s, i > 0 ? ", " : "", t.shape()[i].is_static()
                                               ? absl::StrCat(t.shape()[i].value)
                                               : t.shape()[i].symbol);
  }
  return s + "]";
}

// The accumulator pto-isa's cube computes the operands' type in
// (CheckStaticMad), if it multiplies them at all.
std::optional<DType> AccumulatorOf(DType operand) {
  switch (operand) {
    case DType::kFP16: case DType::kBF16: case DType::kFP32: return DType::kFP32;
    case DType::kINT8: return DType::kINT32;
    default: return std::nullopt;
  }
}

}  // namespace

absl::Status PlanCube(const Expr& call, const Location& loc, CallLowering* plan) {
  const OpLowering& op = *plan->op;
  const bool acc = op.kind == OpKind::kMatmulAcc;
  const int first = acc ? 1 : 0;  // lhs
  if (acc && call.args.size() > 3) {
    if (op.init_pto_name.empty()) {
      return ErrorAt(loc, absl::StrCat("'", call.str, "' takes no init_cond"));
    }
    const Expr& cond = *call.args[3];
    if (cond.kind == ExprKind::kBool || cond.kind == ExprKind::kInt) {
      const bool init = cond.kind == ExprKind::kBool ? cond.bool_value : cond.int_value != 0;
      plan->acc_init = init ? CallLowering::AccInit::kInitialize
                            : CallLowering::AccInit::kAccumulate;
    } else {
      plan->acc_init = CallLowering::AccInit::kBranch;
      plan->init_cond = &cond;
    }
  }
  const size_t n = acc ? 3 : call.args.size();
  for (size_t i = 0; i < n; ++i) {
    if (!call.args[i]->type.is_tile() || call.args[i]->type.shape().size() != 2) {
      return ErrorAt(loc, absl::StrCat("'", call.str, "' (", op.cce_name, ") takes 2-D tiles"));
    }
  }
  const Type& lhs = call.args[first]->type;
  const Type& rhs = call.args[first + 1]->type;
  const std::optional<DType> accumulator = AccumulatorOf(lhs.dtype());
  if (lhs.dtype() != rhs.dtype() || !accumulator.has_value() ||
      (call.type.is_tile() && call.type.dtype() != *accumulator)) {
    return ErrorAt(loc, absl::StrCat("'", call.str, "' (", op.cce_name, ") of ",
                                     DTypeName(lhs.dtype()), " by ", DTypeName(rhs.dtype()),
                                     ": the cube multiplies FP16, BF16 or FP32 tiles into FP32 "
                                     "and INT8 tiles into INT32, both operands of one type"));
  }
  // The gemv ops: those that take PyPTO's acc_phase.
  const OpInfo* info = LookupOp(call);
  const bool gemv = info != nullptr && absl::c_any_of(info->attrs, [](const AttrSpec& a) {
                      return a.name == "acc_phase";
                    });
  if (gemv) {
    if (lhs.shape()[0] != Dim::Static(1)) {
      return ErrorAt(loc, absl::StrCat("'", call.str, "' (", op.cce_name, ") multiplies a "
                                       "one-row lhs, got ", ShapeText(lhs),
                                       "; use tile.matmul for more rows"));
    }
    if (const Expr* phase = call.FindAttr("acc_phase"); phase != nullptr) {
      if (phase->kind != ExprKind::kString ||
          (phase->str != "unspecified" && phase->str != "partial" && phase->str != "final")) {
        return ErrorAt(loc, "acc_phase must be \"unspecified\", \"partial\" or \"final\"");
      }
      if (phase->str != "unspecified") plan->acc_phase = phase->str;
    }
  }
  if (!acc && n == 3) {
    // TMATMUL_BIAS_IMPL: a one-row bias tile of the result's element type.
    const Type& bias = call.args[2]->type;
    if (bias.shape()[0] != Dim::Static(1) || bias.shape()[1] != rhs.shape()[1] ||
        bias.dtype() != *accumulator) {
      return ErrorAt(loc, absl::StrCat("'", call.str, "' (", op.cce_name, ") adds a bias row of ",
                                       "the accumulator's type, [1, N] pl.",
                                       DTypeName(*accumulator), " with N the rhs's columns; got ",
                                       ShapeText(bias), " pl.", DTypeName(bias.dtype())));
    }
    // pto-isa's TMov into the Bias table moves whole 64-byte bursts.
    if (bias.shape()[1].is_static() && bias.shape()[1].value * DTypeBytes(bias.dtype()) % 64 != 0) {
      return ErrorAt(loc, absl::StrCat("'", call.str, "' (", op.cce_name, ") takes a bias row of "
                                       "a multiple of 64 bytes (the Bias table's burst), got ",
                                       bias.shape()[1].value, " x ", DTypeName(bias.dtype())));
    }
  }
  std::vector<Operand> reads;
  for (size_t i = 0; i < n; ++i) {
    plan->tile_args.push_back(static_cast<int>(i));
    reads.push_back(Arg(static_cast<int>(i)));
  }
  MachineStep s;
  s.op = MachineOp::kTMatmul;
  s.pipe = s.barrier_all_pipe = Pipe::kM;
  s.reads = std::move(reads);
  s.writes = {Result()};
  plan->steps.push_back(std::move(s));
  return absl::OkStatus();
}

}  // namespace codegen
}  // namespace ptoc
