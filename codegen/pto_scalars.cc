// PTO-AS emission: scalar expressions (arith ops, casts, Python // and %).
#include <string>

#include "absl/strings/str_cat.h"
#include "codegen/pto_emitter.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {
namespace {

absl::string_view IntPredicate(BinaryOp op, bool is_unsigned) {
  switch (op) {
    case BinaryOp::kEq: return "eq";
    case BinaryOp::kNe: return "ne";
    case BinaryOp::kLt: return is_unsigned ? "ult" : "slt";
    case BinaryOp::kLe: return is_unsigned ? "ule" : "sle";
    case BinaryOp::kGt: return is_unsigned ? "ugt" : "sgt";
    default: return is_unsigned ? "uge" : "sge";
  }
}

absl::string_view FloatPredicate(BinaryOp op) {
  switch (op) {
    case BinaryOp::kEq: return "oeq";
    case BinaryOp::kNe: return "une";
    case BinaryOp::kLt: return "olt";
    case BinaryOp::kLe: return "ole";
    case BinaryOp::kGt: return "ogt";
    default: return "oge";
  }
}

}  // namespace

// ---- scalar expressions ----

absl::StatusOr<PtoFunctionEmitter::Value> PtoFunctionEmitter::Lower(const Expr& e,
                                                                    absl::string_view hint) {
  switch (e.kind) {
    case ExprKind::kInt: {
      const DType t = ScalarDTypeOf(e);
      if (IsFloatDType(t)) {
        ASSIGN_OR_RETURN(std::string c, FloatConst(static_cast<double>(e.int_value), t, LocOf(e)));
        return Value{c, PtoScalarType(t)};
      }
      return Value{Const(e.int_value, t), PtoScalarType(t)};
    }
    case ExprKind::kFloat: {
      const DType t = IsFloatDType(ScalarDTypeOf(e)) ? ScalarDTypeOf(e) : DType::kFP32;
      ASSIGN_OR_RETURN(std::string c, FloatConst(e.float_value, t, LocOf(e)));
      return Value{c, PtoScalarType(t)};
    }
    case ExprKind::kBool:
      return Value{Const(e.bool_value ? 1 : 0, DType::kBOOL), "i1"};
    case ExprKind::kVar: {
      auto it = values_.find(e.var);
      if (it != values_.end()) return it->second;
      return ErrorAt(LocOf(e), absl::StrCat("'", e.var->name, "' (",
                                            TypeToString(e.var->type),
                                            ") cannot be used as a value here"));
    }
    case ExprKind::kBinary:
      return LowerBinary(e, hint);
    case ExprKind::kUnary:
      return LowerUnary(e, hint);
    case ExprKind::kCall: {
      ASSIGN_OR_RETURN(std::optional<Value> v, LowerCall(e, hint));
      if (!v.has_value()) {
        return ErrorAt(LocOf(e), absl::StrCat("'", e.str, "' returns no value"));
      }
      return *v;
    }
    default:
      return ErrorAt(LocOf(e), "this expression cannot be lowered to a value here");
  }
}

absl::StatusOr<std::string> PtoFunctionEmitter::LowerAs(const Expr& e, DType to) {
  if (e.kind == ExprKind::kInt && !IsFloatDType(to)) return Const(e.int_value, to);
  if ((e.kind == ExprKind::kInt || e.kind == ExprKind::kFloat) && IsFloatDType(to)) {
    return FloatConst(e.kind == ExprKind::kInt ? static_cast<double>(e.int_value)
                                               : e.float_value,
                      to, LocOf(e));
  }
  ASSIGN_OR_RETURN(Value v, Lower(e));
  if (!e.type.is_scalar() && e.kind != ExprKind::kBool) {
    return ErrorAt(LocOf(e), absl::StrCat("expected a scalar, got ", TypeToString(e.type)));
  }
  return Cast(v.name, ScalarDTypeOf(e), to, LocOf(e));
}

std::string PtoFunctionEmitter::Cast(const std::string& v, DType from, DType to,
                                     const Location& loc) {
  if (from == to) return v;
  const std::string fs = PtoScalarType(from), ts = PtoScalarType(to);
  auto op = [&](absl::string_view name, const std::string& in, absl::string_view in_type,
                absl::string_view out_type) {
    std::string r = Temp();
    Line(absl::StrCat(r, " = arith.", name, " ", in, " : ", in_type, " to ", out_type), loc);
    return r;
  };
  if (to == DType::kBOOL) {
    std::string r = Temp();
    if (IsFloatDType(from)) {
      Line(absl::StrCat(r, " = arith.cmpf une, ", v, ", ", *FloatConst(0, from, loc), " : ",
                        fs),
           loc);
    } else {
      Line(absl::StrCat(r, " = arith.cmpi ne, ", v, ", ", Const(0, from), " : ", fs), loc);
    }
    return r;
  }
  if (from == DType::kBOOL) {
    if (IsFloatDType(to)) return op("uitofp", v, "i1", ts);
    if (to == DType::kINDEX) return op("index_castui", op("extui", v, "i1", "i64"), "i64", ts);
    return op("extui", v, "i1", ts);
  }
  if (from == DType::kINDEX || to == DType::kINDEX) {
    const DType other = from == DType::kINDEX ? to : from;
    if (IsFloatDType(other)) {
      if (to == DType::kINDEX) return op("index_cast", op("fptosi", v, fs, "i64"), "i64", ts);
      return op("sitofp", op("index_cast", v, fs, "i64"), "i64", ts);
    }
    return op(IsUnsignedDType(other) ? "index_castui" : "index_cast", v, fs, ts);
  }
  if (IsFloatDType(from) && IsFloatDType(to)) {
    if (DTypeBytes(from) == DTypeBytes(to)) {  // f16 <-> bf16 through f32
      return op("truncf", op("extf", v, fs, "f32"), "f32", ts);
    }
    return op(DTypeBytes(to) > DTypeBytes(from) ? "extf" : "truncf", v, fs, ts);
  }
  if (IsFloatDType(to)) return op(IsUnsignedDType(from) ? "uitofp" : "sitofp", v, fs, ts);
  if (IsFloatDType(from)) return op(IsUnsignedDType(to) ? "fptoui" : "fptosi", v, fs, ts);
  if (DTypeBytes(to) == DTypeBytes(from)) return v;  // same signless type
  if (DTypeBytes(to) > DTypeBytes(from)) {
    return op(IsUnsignedDType(from) ? "extui" : "extsi", v, fs, ts);
  }
  return op("trunci", v, fs, ts);
}

absl::StatusOr<PtoFunctionEmitter::Value> PtoFunctionEmitter::LowerBinary(
    const Expr& e, absl::string_view hint) {
  const BinaryOp op = e.binary_op;
  const bool logical = op == BinaryOp::kAnd || op == BinaryOp::kOr;
  const bool compare = IsComparison(op);
  const DType t = logical   ? DType::kBOOL
                  : compare ? CommonDType(ScalarDTypeOf(*e.args[0]), ScalarDTypeOf(*e.args[1]))
                            : ScalarDTypeOf(e);
  ASSIGN_OR_RETURN(std::string a, LowerAs(*e.args[0], t));
  ASSIGN_OR_RETURN(std::string b, LowerAs(*e.args[1], t));
  const std::string ty = PtoScalarType(t);
  const bool is_float = IsFloatDType(t);
  const bool is_unsigned = IsUnsignedDType(t);
  const Location& loc = LocOf(e);
  auto emit = [&](absl::string_view name) {
    std::string r = Result(hint);
    Line(absl::StrCat(r, " = arith.", name, " ", a, ", ", b, " : ", ty), loc);
    return Value{r, ty};
  };
  if (compare) {
    std::string r = Result(hint);
    Line(absl::StrCat(r, " = arith.", is_float ? "cmpf " : "cmpi ",
                      is_float ? FloatPredicate(op) : IntPredicate(op, is_unsigned), ", ",
                      a, ", ", b, " : ", ty),
         loc);
    return Value{r, "i1"};
  }
  switch (op) {
    case BinaryOp::kAdd: {
      if (!is_float) return emit("addi");
      // ptoas 0.60 has no lowering for arith.addf ("failed to legalize");
      // a - (-b) is a + b exactly in IEEE arithmetic (signed zeros too).
      const std::string negated = Temp();
      Line(absl::StrCat(negated, " = arith.negf ", b, " : ", ty), loc);
      b = negated;
      return emit("subf");
    }
    case BinaryOp::kSub: return emit(is_float ? "subf" : "subi");
    case BinaryOp::kMul: return emit(is_float ? "mulf" : "muli");
    case BinaryOp::kAnd: return emit("andi");
    case BinaryOp::kOr: return emit("ori");
    case BinaryOp::kDiv:
      if (!is_float) return ErrorAt(loc, "'/' divides floats; use '//' for integers");
      return emit("divf");
    case BinaryOp::kFloorDiv:
      if (is_float) return ErrorAt(loc, "'//' is defined on integers only");
      return emit(is_unsigned ? "divui" : "floordivsi");
    case BinaryOp::kMod: {
      if (is_float) return ErrorAt(loc, "'%' is defined on integers only");
      if (is_unsigned) return emit("remui");
      // Python's a % b = a - (a // b) * b, with // rounding toward -infinity.
      std::string q = Temp(), m = Temp(), r = Result(hint);
      Line(absl::StrCat(q, " = arith.floordivsi ", a, ", ", b, " : ", ty), loc);
      Line(absl::StrCat(m, " = arith.muli ", q, ", ", b, " : ", ty), loc);
      Line(absl::StrCat(r, " = arith.subi ", a, ", ", m, " : ", ty), loc);
      return Value{r, ty};
    }
    default:
      return ErrorAt(loc, "unsupported binary operator");
  }
}

absl::StatusOr<PtoFunctionEmitter::Value> PtoFunctionEmitter::LowerUnary(
    const Expr& e, absl::string_view hint) {
  const Location& loc = LocOf(e);
  if (e.unary_op == UnaryOp::kNot) {
    ASSIGN_OR_RETURN(std::string x, LowerAs(*e.args[0], DType::kBOOL));
    std::string r = Result(hint);
    Line(absl::StrCat(r, " = arith.xori ", x, ", ", Const(1, DType::kBOOL), " : i1"), loc);
    return Value{r, "i1"};
  }
  const DType t = ScalarDTypeOf(e);
  ASSIGN_OR_RETURN(std::string x, LowerAs(*e.args[0], t));
  const std::string ty = PtoScalarType(t);
  std::string r = Result(hint);
  if (e.unary_op == UnaryOp::kBitNot) {  // ~x == x xor -1
    Line(absl::StrCat(r, " = arith.xori ", x, ", ", Const(-1, t), " : ", ty), loc);
  } else if (IsFloatDType(t)) {
    Line(absl::StrCat(r, " = arith.negf ", x, " : ", ty), loc);
  } else {
    Line(absl::StrCat(r, " = arith.subi ", Const(0, t), ", ", x, " : ", ty), loc);
  }
  return Value{r, ty};
}

}  // namespace codegen
}  // namespace ptoc
