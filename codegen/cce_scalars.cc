// C++ emission: scalar expressions (literals, casts, Python // and %).
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "codegen/cce_emitter.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {
namespace {

// The shortest spelling of a float literal that reads back exactly.
std::string FloatText(double v, bool single) {
  for (int precision = 1; precision <= 17; ++precision) {
    std::string s = absl::StrFormat("%.*g", precision, v);
    const double back = std::strtod(s.c_str(), nullptr);
    if (single ? static_cast<float>(back) == static_cast<float>(v) : back == v) {
      if (s.find_first_of(".e") == std::string::npos) s += ".0";
      return s;
    }
  }
  return absl::StrFormat("%.17g", v);
}

std::string IntText(int64_t v, DType type) {
  if (v == std::numeric_limits<int64_t>::min()) return "(-9223372036854775807LL - 1)";
  std::string s = absl::StrCat(v);
  if (v > std::numeric_limits<int32_t>::max() || v < std::numeric_limits<int32_t>::min()) {
    s += IsUnsignedDType(type) ? "ULL" : "LL";
  }
  return s;
}

}  // namespace

// ---- scalar expressions ----

absl::StatusOr<std::string> CceFunctionEmitter::Literal(const Expr& e, DType type) {
  const bool is_float_literal = e.kind == ExprKind::kFloat;
  const double fv = is_float_literal ? e.float_value : static_cast<double>(e.int_value);
  if (type == DType::kBOOL) {
    if (e.kind == ExprKind::kBool) return std::string(e.bool_value ? "true" : "false");
    return std::string(fv != 0 ? "true" : "false");
  }
  if (IsFloatDType(type)) {
    if (!std::isfinite(fv)) {
      return ErrorAt(LocOf(e), "a non-finite float constant cannot be emitted");
    }
    const std::string f = absl::StrCat(FloatText(fv, true), "f");
    if (type == DType::kFP32) return f;
    return absl::StrCat(CceType(type), "(", f, ")");
  }
  if (is_float_literal) {
    return absl::StrCat("static_cast<", CceType(type), ">(", FloatText(fv, false), ")");
  }
  if (e.kind == ExprKind::kBool) return std::string(e.bool_value ? "1" : "0");
  return IntText(e.int_value, type);
}

absl::StatusOr<std::string> CceFunctionEmitter::ScalarAs(const Expr& e, DType to) {
  if (e.kind == ExprKind::kInt || e.kind == ExprKind::kFloat || e.kind == ExprKind::kBool) {
    return Literal(e, to);
  }
  ASSIGN_OR_RETURN(std::string s, Scalar(e));
  if (!e.type.is_scalar()) {
    return ErrorAt(LocOf(e), absl::StrCat("expected a scalar, got ", TypeToString(e.type)));
  }
  if (ScalarDTypeOf(e) == to) return s;
  return absl::StrCat("static_cast<", CceType(to), ">(", s, ")");
}

absl::StatusOr<std::string> CceFunctionEmitter::Scalar(const Expr& e) {
  switch (e.kind) {
    case ExprKind::kInt: case ExprKind::kFloat: case ExprKind::kBool:
      return Literal(e, ScalarDTypeOf(e));
    case ExprKind::kVar: {
      auto it = scalars_.find(e.var);
      if (it != scalars_.end()) return it->second;
      return ErrorAt(LocOf(e), absl::StrCat("'", e.var->name, "' (",
                                            TypeToString(e.var->type),
                                            ") cannot be used as a value here"));
    }
    case ExprKind::kBinary:
      return Binary(e);
    case ExprKind::kUnary: {
      if (e.unary_op == UnaryOp::kNot) {
        ASSIGN_OR_RETURN(std::string x, ScalarAs(*e.args[0], DType::kBOOL));
        return absl::StrCat("(!", x, ")");
      }
      ASSIGN_OR_RETURN(std::string x, ScalarAs(*e.args[0], ScalarDTypeOf(e)));
      return absl::StrCat(e.unary_op == UnaryOp::kBitNot ? "(~" : "(-", x, ")");
    }
    case ExprKind::kCall: {
      ASSIGN_OR_RETURN(std::optional<Value> v, LowerCall(e, ""));
      if (!v.has_value()) {
        return ErrorAt(LocOf(e), absl::StrCat("'", e.str, "' returns no value"));
      }
      return v->expr;
    }
    default:
      return ErrorAt(LocOf(e), "this expression cannot be lowered to a value here");
  }
}

absl::StatusOr<std::string> CceFunctionEmitter::Binary(const Expr& e) {
  const BinaryOp op = e.binary_op;
  const bool logical = op == BinaryOp::kAnd || op == BinaryOp::kOr;
  const bool compare = IsComparison(op);
  const DType t = logical   ? DType::kBOOL
                  : compare ? CommonDType(ScalarDTypeOf(*e.args[0]), ScalarDTypeOf(*e.args[1]))
                            : ScalarDTypeOf(e);
  ASSIGN_OR_RETURN(std::string a, ScalarAs(*e.args[0], t));
  ASSIGN_OR_RETURN(std::string b, ScalarAs(*e.args[1], t));
  const Location& loc = LocOf(e);
  const bool is_float = IsFloatDType(t);
  const bool python_rounding = !is_float && !IsUnsignedDType(t);
  auto infix = [&](absl::string_view sym) { return absl::StrCat("(", a, " ", sym, " ", b, ")"); };
  switch (op) {
    case BinaryOp::kAdd: return infix("+");
    case BinaryOp::kSub: return infix("-");
    case BinaryOp::kMul: return infix("*");
    case BinaryOp::kAnd: return infix("&&");
    case BinaryOp::kOr: return infix("||");
    case BinaryOp::kEq: return infix("==");
    case BinaryOp::kNe: return infix("!=");
    case BinaryOp::kLt: return infix("<");
    case BinaryOp::kLe: return infix("<=");
    case BinaryOp::kGt: return infix(">");
    case BinaryOp::kGe: return infix(">=");
    case BinaryOp::kDiv:
      if (!is_float) return ErrorAt(loc, "'/' divides floats; use '//' for integers");
      return infix("/");
    case BinaryOp::kFloorDiv:
      if (is_float) return ErrorAt(loc, "'//' is defined on integers only");
      if (!python_rounding) return infix("/");
      helpers_->floordiv = true;
      return absl::StrCat("ptoc_floordiv<", CceType(t), ">(", a, ", ", b, ")");
    case BinaryOp::kMod:
      if (is_float) return ErrorAt(loc, "'%' is defined on integers only");
      if (!python_rounding) return infix("%");
      helpers_->mod = true;
      return absl::StrCat("ptoc_mod<", CceType(t), ">(", a, ", ", b, ")");
  }
  return ErrorAt(loc, "unsupported binary operator");
}

}  // namespace codegen
}  // namespace ptoc
