#include "ir/dim_expr.h"

#include <optional>
#include <string>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace ptoc {
namespace {

constexpr int kPrecAdd = 1;
constexpr int kPrecMul = 2;
constexpr int kPrecUnary = 3;
constexpr int kPrecAtom = 4;

// The operator and precedence of an integer arithmetic op; nullopt for the
// others (comparisons, logic, true division).
std::optional<std::pair<const char*, int>> ArithOf(BinaryOp op) {
  switch (op) {
    case BinaryOp::kAdd: return std::make_pair("+", kPrecAdd);
    case BinaryOp::kSub: return std::make_pair("-", kPrecAdd);
    case BinaryOp::kMul: return std::make_pair("*", kPrecMul);
    case BinaryOp::kFloorDiv: return std::make_pair("//", kPrecMul);
    case BinaryOp::kMod: return std::make_pair("%", kPrecMul);
    default: return std::nullopt;
  }
}

// `e` as the printer writes it, with its precedence; false when `e` is not
// an integer dimension expression.
bool Render(const Expr& e, std::string& out, int& prec) {
  prec = kPrecAtom;
  switch (e.kind) {
    case ExprKind::kInt:
      out = absl::StrCat(e.int_value);
      if (e.int_value < 0) prec = kPrecUnary;
      return true;
    case ExprKind::kVar:
      if (e.var == nullptr || !e.type.is_scalar()) return false;
      out = e.var->name;
      return true;
    case ExprKind::kCall:
      // A query of the machine (pld.system.world_size()): no arguments.
      if (!e.args.empty() || !e.attrs.empty() || !e.type.is_scalar() ||
          !IsIntegerDType(e.type.dtype()) || !absl::StartsWith(e.str, "pld.")) {
        return false;
      }
      out = absl::StrCat(e.str, "()");
      return true;
    case ExprKind::kUnary: {
      if (e.unary_op != UnaryOp::kNeg || e.args.size() != 1) return false;
      std::string operand;
      int operand_prec;
      if (!Render(*e.args[0], operand, operand_prec)) return false;
      out = absl::StrCat("-", operand_prec < kPrecUnary ? absl::StrCat("(", operand, ")") : operand);
      prec = kPrecUnary;
      return true;
    }
    case ExprKind::kBinary: {
      std::optional<std::pair<const char*, int>> op = ArithOf(e.binary_op);
      if (!op || e.args.size() != 2) return false;
      std::string lhs, rhs;
      int lhs_prec, rhs_prec;
      if (!Render(*e.args[0], lhs, lhs_prec) || !Render(*e.args[1], rhs, rhs_prec)) return false;
      // Left-associative: the right operand of equal precedence keeps its
      // parentheses (a - (b - c)).
      if (lhs_prec < op->second) lhs = absl::StrCat("(", lhs, ")");
      if (rhs_prec <= op->second) rhs = absl::StrCat("(", rhs, ")");
      out = absl::StrCat(lhs, " ", op->first, " ", rhs);
      prec = op->second;
      return true;
    }
    default:
      return false;
  }
}

}  // namespace

std::optional<Dim> DimOfExpr(const Expr& e) {
  if (e.kind == ExprKind::kInt) return Dim::Static(e.int_value);
  std::string text;
  int prec;
  if (!Render(e, text, prec)) return std::nullopt;
  std::optional<int64_t> folded = FoldConstantDim(text);
  if (folded.has_value() && *folded >= 0) return Dim::Static(*folded);
  return Dim::Symbolic(std::move(text));
}

namespace {

// Recursive descent over `text` with Python's precedence: + - below
// * // %, unary minus, parentheses.
class ConstantDimFolder {
 public:
  explicit ConstantDimFolder(absl::string_view text) : text_(text) {}

  std::optional<int64_t> Fold() {
    std::optional<int64_t> v = Sum();
    Skip();
    if (!v || pos_ != text_.size()) return std::nullopt;
    return v;
  }

 private:
  void Skip() {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
  }
  bool Eat(absl::string_view op) {
    Skip();
    if (text_.substr(pos_, op.size()) != op) return false;
    pos_ += op.size();
    return true;
  }
  std::optional<int64_t> Sum() {
    std::optional<int64_t> v = Product();
    while (v) {
      if (Eat("+")) {
        std::optional<int64_t> r = Product();
        if (!r || __builtin_add_overflow(*v, *r, &*v)) return std::nullopt;
      } else if (Eat("-")) {
        std::optional<int64_t> r = Product();
        if (!r || __builtin_sub_overflow(*v, *r, &*v)) return std::nullopt;
      } else {
        break;
      }
    }
    return v;
  }
  std::optional<int64_t> Product() {
    std::optional<int64_t> v = Unary();
    while (v) {
      if (Eat("*")) {
        std::optional<int64_t> r = Unary();
        if (!r || __builtin_mul_overflow(*v, *r, &*v)) return std::nullopt;
      } else if (Eat("//") || Eat("%")) {
        const bool div = text_[pos_ - 1] == '/';
        std::optional<int64_t> r = Unary();
        if (!r || *r == 0) return std::nullopt;
        int64_t q = *v / *r, m = *v % *r;
        if (m != 0 && ((m < 0) != (*r < 0))) {  // Python floors
          --q;
          m += *r;
        }
        v = div ? q : m;
      } else {
        break;
      }
    }
    return v;
  }
  std::optional<int64_t> Unary() {
    if (Eat("-")) {
      std::optional<int64_t> v = Unary();
      if (!v || *v == INT64_MIN) return std::nullopt;
      return -*v;
    }
    if (Eat("(")) {
      std::optional<int64_t> v = Sum();
      if (!v || !Eat(")")) return std::nullopt;
      return v;
    }
    Skip();
    const size_t start = pos_;
    int64_t v = 0;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
      if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, text_[pos_] - '0', &v)) {
        return std::nullopt;
      }
      ++pos_;
    }
    if (pos_ == start) return std::nullopt;
    return v;
  }

  absl::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

std::optional<int64_t> FoldConstantDim(absl::string_view text) {
  return ConstantDimFolder(text).Fold();
}

}  // namespace ptoc
