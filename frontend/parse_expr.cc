// The text parser: expressions, operator typing, literals and enums.
// Qualified names and calls are in parse_call.cc.
#include <iterator>
#include <limits>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "frontend/parser_impl.h"
#include "ir/builder.h"
#include "ir/diagnostics.h"
#include "ir/enums.h"

namespace ptoc {
namespace parser_internal {
namespace {

std::optional<BinaryOp> BinaryOpOf(const Token& t) {
  static constexpr std::pair<absl::string_view, BinaryOp> kOps[] = {
      {"+", BinaryOp::kAdd},       {"-", BinaryOp::kSub}, {"*", BinaryOp::kMul},
      {"//", BinaryOp::kFloorDiv}, {"%", BinaryOp::kMod}, {"/", BinaryOp::kDiv},
      {"==", BinaryOp::kEq},       {"!=", BinaryOp::kNe}, {"<", BinaryOp::kLt},
      {"<=", BinaryOp::kLe},       {">", BinaryOp::kGt},  {">=", BinaryOp::kGe},
      {"and", BinaryOp::kAnd},     {"or", BinaryOp::kOr},
  };
  if (t.kind != TokenKind::kOp && t.kind != TokenKind::kName) return std::nullopt;
  for (const auto& [spelling, op] : kOps) {
    if (t.text == spelling) return op;
  }
  return std::nullopt;
}

bool IsComparison(BinaryOp op) {
  return op == BinaryOp::kEq || op == BinaryOp::kNe || op == BinaryOp::kLt ||
         op == BinaryOp::kLe || op == BinaryOp::kGt || op == BinaryOp::kGe;
}

bool IsLiteral(const Expr& e) {
  return e.kind == ExprKind::kInt || e.kind == ExprKind::kFloat;
}

}  // namespace

bool IsBoolScalar(const Type& t) { return t.is_scalar() && t.dtype() == DType::kBOOL; }

void AdaptLiteral(Expr& e, const Type& to) {
  if (!to.is_scalar()) return;
  const DType d = to.dtype();
  if (e.kind == ExprKind::kInt && IsIntegerDType(d)) {
    e.type = to;
  } else if (e.kind == ExprKind::kInt && IsFloatDType(d)) {
    e.kind = ExprKind::kFloat;
    e.float_value = static_cast<double>(e.int_value);
    e.int_value = 0;
    e.type = to;
  } else if (e.kind == ExprKind::kFloat && IsFloatDType(d)) {
    e.type = to;
  }
}

// ---- operators, by increasing precedence ----

absl::StatusOr<ExprPtr> Parser::ParseExpr() {
  NestingGuard guard(depth_);
  if (guard.too_deep()) return TooDeep();
  if (in_expr_) return ParseOr();
  in_expr_ = true;
  operators_ = 0;
  absl::StatusOr<ExprPtr> e = ParseOr();
  in_expr_ = false;
  return e;
}

absl::Status Parser::CountOperator(const Token& op) {
  if (++operators_ <= kMaxOperators) return absl::OkStatus();
  return ErrorAtToken(
      op, absl::StrCat("expression has more than ", kMaxOperators, " operators"));
}

absl::StatusOr<ExprPtr> Parser::ParseOr() {
  ASSIGN_OR_RETURN(ExprPtr lhs, ParseAnd());
  while (AtName("or")) {
    const Token& op = Next();
    ASSIGN_OR_RETURN(ExprPtr rhs, ParseAnd());
    ASSIGN_OR_RETURN(lhs, MakeBinaryChecked(op, std::move(lhs), std::move(rhs)));
  }
  return lhs;
}

absl::StatusOr<ExprPtr> Parser::ParseAnd() {
  ASSIGN_OR_RETURN(ExprPtr lhs, ParseNot());
  while (AtName("and")) {
    const Token& op = Next();
    ASSIGN_OR_RETURN(ExprPtr rhs, ParseNot());
    ASSIGN_OR_RETURN(lhs, MakeBinaryChecked(op, std::move(lhs), std::move(rhs)));
  }
  return lhs;
}

absl::StatusOr<ExprPtr> Parser::ParseNot() {
  if (!AtName("not")) return ParseComparison();
  NestingGuard guard(depth_);
  if (guard.too_deep()) return TooDeep();
  const Token& op = Next();
  RETURN_IF_ERROR(CountOperator(op));
  ASSIGN_OR_RETURN(ExprPtr operand, ParseNot());
  // PyPTO: `not x` of any scalar is a BOOL (x == 0 for a number).
  if (!operand->type.is_scalar()) {
    return ErrorAtToken(op, absl::StrCat("'not' needs a scalar operand, got ",
                                         TypeToString(operand->type)));
  }
  auto e = std::make_unique<Expr>();
  e->kind = ExprKind::kUnary;
  e->unary_op = UnaryOp::kNot;
  e->loc = Loc(op);
  e->type = Type::Scalar(DType::kBOOL);
  e->args.push_back(std::move(operand));
  return e;
}

absl::StatusOr<ExprPtr> Parser::ParseComparison() {
  ASSIGN_OR_RETURN(ExprPtr lhs, ParseArith());
  auto at_comparison = [&] {
    std::optional<BinaryOp> op = BinaryOpOf(Peek());
    return Peek().kind == TokenKind::kOp && op && IsComparison(*op);
  };
  if (!at_comparison()) return lhs;
  const Token& op = Next();
  ASSIGN_OR_RETURN(ExprPtr rhs, ParseArith());
  if (at_comparison()) {
    return ErrorAtToken(Peek(),
                        "chained comparisons are not supported; "
                        "combine them with 'and'");
  }
  return MakeBinaryChecked(op, std::move(lhs), std::move(rhs));
}

absl::StatusOr<ExprPtr> Parser::ParseArith() {
  ASSIGN_OR_RETURN(ExprPtr lhs, ParseTerm());
  while (AtOp("+") || AtOp("-")) {
    const Token& op = Next();
    ASSIGN_OR_RETURN(ExprPtr rhs, ParseTerm());
    ASSIGN_OR_RETURN(lhs, MakeBinaryChecked(op, std::move(lhs), std::move(rhs)));
  }
  return lhs;
}

absl::StatusOr<ExprPtr> Parser::ParseTerm() {
  ASSIGN_OR_RETURN(ExprPtr lhs, ParseUnary());
  while (AtOp("*") || AtOp("/") || AtOp("//") || AtOp("%")) {
    const Token& op = Next();
    ASSIGN_OR_RETURN(ExprPtr rhs, ParseUnary());
    ASSIGN_OR_RETURN(lhs, MakeBinaryChecked(op, std::move(lhs), std::move(rhs)));
  }
  return lhs;
}

absl::StatusOr<ExprPtr> Parser::ParseUnary() {
  if (AtOp("~")) {  // PyPTO's BitNot, of an integer scalar
    NestingGuard guard(depth_);
    if (guard.too_deep()) return TooDeep();
    const Token& op = Next();
    ASSIGN_OR_RETURN(ExprPtr operand, ParseUnary());
    RETURN_IF_ERROR(CountOperator(op));
    const Type& t = operand->type;
    if (!t.is_scalar() || !IsIntegerDType(t.dtype())) {
      return ErrorAtToken(op, absl::StrCat("unary '~' needs an integer scalar operand, got ",
                                           TypeToString(t)));
    }
    auto e = std::make_unique<Expr>();
    e->kind = ExprKind::kUnary;
    e->unary_op = UnaryOp::kBitNot;
    e->loc = Loc(op);
    e->type = t;
    e->args.push_back(std::move(operand));
    return e;
  }
  if (!AtOp("-")) return ParsePrimary();
  NestingGuard guard(depth_);
  if (guard.too_deep()) return TooDeep();
  const Token& op = Next();
  ASSIGN_OR_RETURN(ExprPtr operand, ParseUnary());
  // `-<literal>` is a negative constant.
  if (operand->kind == ExprKind::kInt) {
    operand->int_value = -operand->int_value;
    operand->loc = Loc(op);
    return operand;
  }
  if (operand->kind == ExprKind::kFloat) {
    operand->float_value = -operand->float_value;
    operand->loc = Loc(op);
    return operand;
  }
  RETURN_IF_ERROR(CountOperator(op));
  const Type& t = operand->type;
  if (!t.is_scalar() || !(IsIntegerDType(t.dtype()) || IsFloatDType(t.dtype()))) {
    return ErrorAtToken(op, absl::StrCat("unary '-' needs a numeric scalar "
                                         "operand, got ",
                                         TypeToString(t)));
  }
  auto e = std::make_unique<Expr>();
  e->kind = ExprKind::kUnary;
  e->unary_op = UnaryOp::kNeg;
  e->loc = Loc(op);
  e->type = t;
  e->args.push_back(std::move(operand));
  return e;
}

absl::StatusOr<ExprPtr> Parser::MakeBinaryChecked(const Token& op_token, ExprPtr lhs,
                                                  ExprPtr rhs) {
  RETURN_IF_ERROR(CountOperator(op_token));
  const BinaryOp op = *BinaryOpOf(op_token);
  const Location loc = lhs->loc;
  if (op == BinaryOp::kAnd || op == BinaryOp::kOr) {
    if (!IsBoolScalar(lhs->type) || !IsBoolScalar(rhs->type)) {
      return ErrorAtToken(op_token, absl::StrCat("'", op_token.text,
                                                 "' needs pl.Scalar[pl.BOOL] operands, "
                                                 "got ",
                                                 TypeToString(lhs->type), " and ",
                                                 TypeToString(rhs->type)));
    }
    Type type = lhs->type;
    return MakeBinary(op, std::move(lhs), std::move(rhs), std::move(type), loc);
  }
  ASSIGN_OR_RETURN(Type type, UnifyOperands(op_token, *lhs, *rhs));
  const DType d = type.dtype();
  const bool ordering = IsComparison(op) && op != BinaryOp::kEq && op != BinaryOp::kNe;
  if (op == BinaryOp::kDiv && !IsFloatDType(d)) {
    return ErrorAtToken(op_token,
                        "'/' is only defined on floats; use '//' "
                        "for integer division");
  }
  if ((op == BinaryOp::kFloorDiv || op == BinaryOp::kMod) && !IsIntegerDType(d)) {
    return ErrorAtToken(
        op_token, absl::StrCat("'", op_token.text, "' is only defined on integers"));
  }
  if (d == DType::kBOOL && (ordering || !IsComparison(op))) {
    return ErrorAtToken(op_token,
                        absl::StrCat("'", op_token.text, "' is not defined on BOOL"));
  }
  if (IsComparison(op)) type = Type::Scalar(DType::kBOOL);
  return MakeBinary(op, std::move(lhs), std::move(rhs), std::move(type), loc);
}

absl::StatusOr<Type> Parser::UnifyOperands(const Token& op_token, Expr& lhs, Expr& rhs) {
  if (!lhs.type.is_scalar() || !rhs.type.is_scalar()) {
    const bool tile = lhs.type.is_tile() || rhs.type.is_tile();
    return ErrorAtToken(
        op_token, absl::StrCat("'", op_token.text, "' needs scalar operands, got ",
                               TypeToString(lhs.type), " and ", TypeToString(rhs.type),
                               tile ? "; use the tile ops (pl.tile.add, ...) "
                                      "on tiles"
                                    : ""));
  }
  // Literals take the type of the other operand.
  if (IsLiteral(lhs) != IsLiteral(rhs)) {
    AdaptLiteral(IsLiteral(lhs) ? lhs : rhs, IsLiteral(lhs) ? rhs.type : lhs.type);
  } else if (IsLiteral(lhs)) {  // `1 + 2.5`: the int becomes a float
    AdaptLiteral(lhs, rhs.type);
    AdaptLiteral(rhs, lhs.type);
  }
  const DType a = lhs.type.dtype();
  const DType b = rhs.type.dtype();
  if (a == b) return lhs.type;
  if (IsIntegerDType(a) && IsIntegerDType(b) &&
      (a == DType::kINDEX || b == DType::kINDEX)) {
    return Type::Scalar(DType::kINDEX);
  }
  return ErrorAtToken(
      op_token, absl::StrCat("mismatched operand types ", TypeToString(lhs.type), " and ",
                             TypeToString(rhs.type), " for '", op_token.text, "'"));
}

// ---- primaries ----

absl::StatusOr<ExprPtr> Parser::ParsePrimary() {
  const Token& t = Peek();
  switch (t.kind) {
    case TokenKind::kInt:
      Next();
      return MakeInt(t.int_value, Loc(t));
    case TokenKind::kFloat:
      Next();
      return MakeFloat(t.float_value, Loc(t));
    case TokenKind::kString:
      Next();
      return MakeString(t.text, Loc(t));
    case TokenKind::kOp:
      if (t.text == "(") return ParseParenOrTuple();
      if (t.text == "[") return ParseList();
      if (t.text == "{") return ParseDict();
      break;
    case TokenKind::kName:
      if (t.text == "float" && AtOp("(", 1) && AtKind(TokenKind::kString, 2) && AtOp(")", 3)) {
        // The non-finite constants, as Python and ptoc's printer spell them.
        const Location loc = Loc(t);
        Next();
        Next();
        const Token s = Next();
        Next();
        if (s.text == "nan") return MakeFloat(std::numeric_limits<double>::quiet_NaN(), loc);
        if (s.text == "inf") return MakeFloat(std::numeric_limits<double>::infinity(), loc);
        if (s.text == "-inf") return MakeFloat(-std::numeric_limits<double>::infinity(), loc);
        return ErrorAtToken(s, "float(...) takes \"nan\", \"inf\" or \"-inf\" here");
      }
      if (t.text == "True" || t.text == "False") {
        Next();
        return MakeBool(t.text == "True", Loc(t));
      }
      if (t.text == "None") {
        // PyPTO's "no producer yet" TaskId sentinel (`prev_tid = None`,
        // `deps=[None]`): a system.task_invalid() call, printed as one.
        Next();
        return FinishOpCall("system.task_invalid", t, static_cast<size_t>(-2), {}, {});
      }
      if (t.text == "pl" || t.text == "pld" || t.text == "self") {
        return ParseQualified();
      }
      if (!IsKeyword(t.text)) {
        ASSIGN_OR_RETURN(Var * var, Lookup(t));
        Next();
        ExprPtr ref = MakeVarRef(var, Loc(t));
        if (AtOp("[") && var->type.is_array()) {  // arr[i]: array.get_element
          Next();
          ASSIGN_OR_RETURN(ExprPtr index, ParseExpr());
          RETURN_IF_ERROR(ExpectOp("]"));
          std::vector<ExprPtr> args;
          args.push_back(std::move(ref));
          args.push_back(std::move(index));
          return FinishOpCall("array.get_element", t, static_cast<size_t>(-2),
                              std::move(args), {});
        }
        // x[i, j], x[lo:hi], x[i][j]: tensor and tile subscripts; t[0]:
        // a tuple's element.
        while (AtOp("[") &&
               (ref->type.is_tensor() || ref->type.is_tile() || ref->type.is_tuple())) {
          if (ref->type.is_tuple()) {
            ASSIGN_OR_RETURN(ref, ParseTupleGetItem(std::move(ref)));
          } else {
            ASSIGN_OR_RETURN(ref, ParseSubscript(std::move(ref), t));
          }
        }
        return ref;
      }
      break;
    default:
      break;
  }
  return Unexpected("an expression");
}

// `t[i]` on a tuple: PyPTO takes a constant non-negative integer index.
absl::StatusOr<ExprPtr> Parser::ParseTupleGetItem(ExprPtr tuple) {
  const Token& open = Next();  // [
  const Token& index = Peek();
  if (!AtKind(TokenKind::kInt) || !AtOp("]", 1)) {
    return ErrorAtToken(index, "Only constant integer indices supported for tuple access: "
                               "write t[0]");
  }
  Next();
  Next();
  const std::vector<Type>& elements = tuple->type.elements();
  if (index.int_value < 0 || index.int_value >= static_cast<int64_t>(elements.size())) {
    return ErrorAtToken(index, absl::StrCat("tuple index ", index.int_value,
                                            " is out of range for ",
                                            TypeToString(tuple->type)));
  }
  auto e = std::make_unique<Expr>();
  e->kind = ExprKind::kTupleGetItem;
  e->loc = tuple->loc;
  (void)open;
  e->type = elements[index.int_value];
  e->int_value = index.int_value;
  e->args.push_back(std::move(tuple));
  return e;
}

absl::StatusOr<ExprPtr> Parser::ParseParenOrTuple() {
  const Token& open = Next();
  std::vector<ExprPtr> elements;
  bool tuple = AtOp(")");  // `()`
  while (!AtOp(")")) {
    ASSIGN_OR_RETURN(ExprPtr e, ParseExpr());
    elements.push_back(std::move(e));
    if (!AtOp(",")) break;
    tuple = true;
    Next();
  }
  RETURN_IF_ERROR(ExpectOp(")"));
  if (!tuple) return std::move(elements[0]);
  ExprPtr e = MakeList(std::move(elements), Loc(open));
  e->kind = ExprKind::kTuple;
  return e;
}

absl::StatusOr<ExprPtr> Parser::ParseList() {
  const Token& open = Next();
  std::vector<ExprPtr> elements;
  while (!AtOp("]")) {
    ASSIGN_OR_RETURN(ExprPtr e, ParseExpr());
    elements.push_back(std::move(e));
    if (!AtOp(",")) break;
    Next();
  }
  RETURN_IF_ERROR(ExpectOp("]"));
  return MakeList(std::move(elements), Loc(open));
}

absl::StatusOr<ExprPtr> Parser::ParseDict() {
  const Token& open = Next();
  auto e = std::make_unique<Expr>();
  e->kind = ExprKind::kDict;
  e->loc = Loc(open);
  while (!AtOp("}")) {
    if (!AtKind(TokenKind::kString)) return Unexpected("a string key");
    const Token& key = Next();
    // Dict entries are attributes, which a .pb keeps only with a name.
    if (key.text.empty()) return ErrorAtToken(key, "a dict key must not be empty");
    for (const NamedExpr& entry : e->attrs) {
      if (entry.name == key.text) {
        return ErrorAtToken(key, absl::StrCat("key '", key.text, "' is given twice"));
      }
    }
    RETURN_IF_ERROR(ExpectOp(":"));
    ASSIGN_OR_RETURN(ExprPtr value, ParseExpr());
    e->attrs.push_back(NamedExpr{key.text, std::move(value)});
    if (!AtOp(",")) break;
    Next();
  }
  RETURN_IF_ERROR(ExpectOp("}"));
  return e;
}

absl::StatusOr<ExprPtr> Parser::ParseEnum(const Token& base,
                                          const std::vector<std::string>& parts) {
  const std::string spelled = absl::StrCat(base.text, ".", absl::StrJoin(parts, "."));
  const Location loc = Loc(base);
  if (base.text == "pl" && parts.size() == 1 && ParseDType(parts[0])) {
    return MakeEnum("DType", parts[0], loc);
  }
  // pl.AUTO: PyPTO's "let the compiler choose" buffer base, the integer -1.
  if (base.text == "pl" && parts.size() == 1 && parts[0] == "AUTO") return MakeInt(-1, loc);
  if (base.text == "pl" && parts.size() == 1) {  // pl.NZ, ...: TensorLayout values
    const PyptoEnum* layout = FindPyptoEnum("pl", "TensorLayout");
    if (layout != nullptr && layout->Has(parts[0])) {
      return MakeEnum("TensorLayout", parts[0], loc);
    }
  }
  // pl.tile.MaskPattern.P0101 ...: PyPTO's gather_mask selectors, plain
  // integer constants 1..7 (its printer writes the number).
  if (base.text == "pl" && parts.size() == 3 && parts[0] == "tile" && parts[1] == "MaskPattern") {
    static constexpr absl::string_view kPatterns[] = {"P0101", "P1010", "P0001", "P0010",
                                                      "P0100", "P1000", "P1111"};
    for (size_t i = 0; i < std::size(kPatterns); ++i) {
      if (parts[2] == kPatterns[i]) return MakeInt(static_cast<int64_t>(i) + 1, loc);
    }
    return ErrorAt(loc, absl::StrCat("'", parts[2], "' is not a pl.tile.MaskPattern value"));
  }
  if (parts.size() == 2) {
    const std::string type = parts[0] == "Mem" && base.text == "pl" ? "MemorySpace" : parts[0];
    const std::string& value = parts[1];
    bool known_type = true;
    bool valid = false;
    if (const PyptoEnum* e = FindPyptoEnum(base.text, type)) {
      valid = e->Has(value);
    } else if (base.text == "pl" && type == "MemorySpace") {
      valid = ParseMemorySpace(value).has_value();
    } else if (base.text == "pl" && type == "TileLayout") {
      valid = ParseLayout(value).has_value();
    } else if (base.text == "pld" && type == "NotifyOp") {
      valid = value == "AtomicAdd" || value == "Set";
    } else if (base.text == "pld" && type == "WaitCmp") {
      valid = value == "Eq" || value == "Ge";
    } else {
      known_type = false;
    }
    if (valid) return MakeEnum(type, value, loc);
    if (known_type) {
      return ErrorAt(loc, absl::StrCat("'", value, "' is not a ", type, " value"));
    }
  }
  return ErrorAt(loc, absl::StrCat("unknown name '", spelled, "'"));
}

}  // namespace parser_internal
}  // namespace ptoc
