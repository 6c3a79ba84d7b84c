#include "runtime/scalar_arith.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "ir/checked_math.h"

namespace ptoc {
namespace sim {
namespace {

int64_t FloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

int64_t FloorMod(int64_t a, int64_t b) {
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

// An integer result (offsets, sizes, indices) that wraps is a launch error,
// not a wrapped value.
absl::StatusOr<Value> CheckedResult(CheckedInt v, absl::string_view op) {
  if (!v.ok()) {
    return absl::InvalidArgumentError(
        DoesNotFitMessage(absl::StrCat("the result of an integer '", op, "'")));
  }
  return Value::Int(v.value());
}

}  // namespace

absl::StatusOr<Value> ScalarArith(BinaryOp op, const Value& a, const Value& b) {
  if (!a.is_number() || !b.is_number()) {
    return absl::InvalidArgumentError("arithmetic on a value that is not a scalar");
  }
  switch (op) {
    case BinaryOp::kAnd: return Value::Bool(a.AsBool() && b.AsBool());
    case BinaryOp::kOr: return Value::Bool(a.AsBool() || b.AsBool());
    default: break;
  }
  bool floating = a.kind == Value::Kind::kFloat || b.kind == Value::Kind::kFloat ||
                  op == BinaryOp::kDiv;
  if (floating) {
    double x = a.AsDouble(), y = b.AsDouble();
    switch (op) {
      case BinaryOp::kAdd: return Value::Float(x + y);
      case BinaryOp::kSub: return Value::Float(x - y);
      case BinaryOp::kMul: return Value::Float(x * y);
      case BinaryOp::kDiv: return Value::Float(x / y);
      case BinaryOp::kFloorDiv: return Value::Float(std::floor(x / y));
      case BinaryOp::kMod: return Value::Float(x - std::floor(x / y) * y);
      case BinaryOp::kEq: return Value::Bool(x == y);
      case BinaryOp::kNe: return Value::Bool(x != y);
      case BinaryOp::kLt: return Value::Bool(x < y);
      case BinaryOp::kLe: return Value::Bool(x <= y);
      case BinaryOp::kGt: return Value::Bool(x > y);
      case BinaryOp::kGe: return Value::Bool(x >= y);
      default: break;
    }
  }
  int64_t x = a.AsInt(), y = b.AsInt();
  switch (op) {
    case BinaryOp::kAdd: return CheckedResult(CheckedInt(x) + y, "+");
    case BinaryOp::kSub: return CheckedResult(CheckedInt(x) - y, "-");
    case BinaryOp::kMul: return CheckedResult(CheckedInt(x) * y, "*");
    case BinaryOp::kFloorDiv:
    case BinaryOp::kMod:
      if (y == 0) return absl::InvalidArgumentError("integer division by zero");
      return Value::Int(op == BinaryOp::kFloorDiv ? FloorDiv(x, y) : FloorMod(x, y));
    case BinaryOp::kEq: return Value::Bool(x == y);
    case BinaryOp::kNe: return Value::Bool(x != y);
    case BinaryOp::kLt: return Value::Bool(x < y);
    case BinaryOp::kLe: return Value::Bool(x <= y);
    case BinaryOp::kGt: return Value::Bool(x > y);
    case BinaryOp::kGe: return Value::Bool(x >= y);
    default: return absl::InvalidArgumentError("unsupported scalar operator");
  }
}


Value ScalarUnary(UnaryOp op, const Value& a) {
  if (op == UnaryOp::kNot) return Value::Bool(!a.AsBool());
  if (op == UnaryOp::kBitNot) return Value::Int(~a.AsInt());
  return a.kind == Value::Kind::kFloat ? Value::Float(-a.f) : Value::Int(-a.AsInt());
}

}  // namespace sim
}  // namespace ptoc
