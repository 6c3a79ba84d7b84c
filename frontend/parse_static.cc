// The text parser: PyPTO's compile-time statements pl.static_print(...) and
// pl.static_assert(cond[, "message"]). Both are checked while parsing and
// leave nothing in the IR (PyPTO's parser emits no statement for them;
// ptoc does not print static_print's text, its output is the .pb).
#include <cmath>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "frontend/parser_impl.h"
#include "ir/diagnostics.h"

namespace ptoc {
namespace parser_internal {
namespace {

// The value of a constant expression as Python evaluates it (bools and
// ints as numbers), or nullopt when it is not made of literals.
std::optional<double> ConstantValue(const Expr& e) {
  switch (e.kind) {
    case ExprKind::kBool: return e.bool_value ? 1.0 : 0.0;
    case ExprKind::kInt: return static_cast<double>(e.int_value);
    case ExprKind::kFloat: return e.float_value;
    case ExprKind::kUnary: {
      std::optional<double> v = ConstantValue(*e.args[0]);
      if (!v) return std::nullopt;
      if (e.unary_op == UnaryOp::kBitNot) return -*v - 1;  // ~x == -x - 1
      return e.unary_op == UnaryOp::kNot ? (*v == 0 ? 1.0 : 0.0) : -*v;
    }
    case ExprKind::kBinary: {
      std::optional<double> a = ConstantValue(*e.args[0]);
      std::optional<double> b = ConstantValue(*e.args[1]);
      if (!a || !b) return std::nullopt;
      switch (e.binary_op) {
        case BinaryOp::kAdd: return *a + *b;
        case BinaryOp::kSub: return *a - *b;
        case BinaryOp::kMul: return *a * *b;
        case BinaryOp::kFloorDiv:
          if (*b == 0) return std::nullopt;
          return std::floor(*a / *b);
        case BinaryOp::kMod:
          if (*b == 0) return std::nullopt;
          return *a - *b * std::floor(*a / *b);
        case BinaryOp::kDiv:
          if (*b == 0) return std::nullopt;
          return *a / *b;
        case BinaryOp::kEq: return *a == *b ? 1.0 : 0.0;
        case BinaryOp::kNe: return *a != *b ? 1.0 : 0.0;
        case BinaryOp::kLt: return *a < *b ? 1.0 : 0.0;
        case BinaryOp::kLe: return *a <= *b ? 1.0 : 0.0;
        case BinaryOp::kGt: return *a > *b ? 1.0 : 0.0;
        case BinaryOp::kGe: return *a >= *b ? 1.0 : 0.0;
        case BinaryOp::kAnd: return *a != 0 ? *b : *a;
        case BinaryOp::kOr: return *a != 0 ? *a : *b;
      }
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

}  // namespace

absl::Status Parser::ParseStaticCheck() {
  const Token& base = Next();  // pl
  Next();                      // .
  const Token& name = Next();
  const Location loc = Loc(base);
  std::vector<ExprPtr> args;
  std::vector<Keyword> keywords;
  RETURN_IF_ERROR(ParseCallArgs(args, keywords));
  if (!keywords.empty()) {
    return ErrorAtToken(keywords[0].name, absl::StrCat(name.text, "() takes no keyword arguments"));
  }
  if (name.text == "static_print") {
    if (args.empty()) return ErrorAt(loc, "static_print() requires at least 1 argument");
    return absl::OkStatus();  // the arguments parsed: names and types are checked
  }
  if (args.empty() || args.size() > 2) {
    return ErrorAt(loc, "static_assert() requires 1 or 2 arguments");
  }
  std::string message = "static_assert failed";
  if (args.size() == 2) {
    if (args[1]->kind != ExprKind::kString) {
      return ErrorAt(args[1]->loc, "static_assert() message must be a string literal");
    }
    absl::StrAppend(&message, ": ", args[1]->str);
  }
  std::optional<double> value = ConstantValue(*args[0]);
  if (!value) return ErrorAt(args[0]->loc, "static_assert condition must be compile-time evaluable");
  if (*value == 0) return ErrorAt(loc, message);
  return absl::OkStatus();
}

}  // namespace parser_internal
}  // namespace ptoc
