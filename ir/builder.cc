#include "ir/builder.h"

#include <utility>

namespace ptoc {
namespace {

ExprPtr NewExpr(ExprKind kind, const Location& loc) {
  auto e = std::make_unique<Expr>();
  e->kind = kind;
  e->loc = loc;
  return e;
}

}  // namespace

ExprPtr MakeVarRef(Var* v, const Location& loc) {
  ExprPtr e = NewExpr(ExprKind::kVar, loc);
  e->var = v;
  e->type = v->type;
  return e;
}

ExprPtr MakeInt(int64_t v, const Location& loc, DType dtype) {
  ExprPtr e = NewExpr(ExprKind::kInt, loc);
  e->int_value = v;
  e->type = Type::Scalar(dtype);
  return e;
}

ExprPtr MakeFloat(double v, const Location& loc) {
  ExprPtr e = NewExpr(ExprKind::kFloat, loc);
  e->float_value = v;
  e->type = Type::Scalar(DType::kFP32);
  return e;
}

ExprPtr MakeBool(bool v, const Location& loc) {
  ExprPtr e = NewExpr(ExprKind::kBool, loc);
  e->bool_value = v;
  e->type = Type::Scalar(DType::kBOOL);
  return e;
}

ExprPtr MakeString(std::string s, const Location& loc) {
  ExprPtr e = NewExpr(ExprKind::kString, loc);
  e->str = std::move(s);
  return e;
}

ExprPtr MakeEnum(std::string enum_type, std::string value, const Location& loc) {
  ExprPtr e = NewExpr(ExprKind::kEnum, loc);
  e->enum_type = std::move(enum_type);
  e->str = std::move(value);
  return e;
}

ExprPtr MakeList(std::vector<ExprPtr> elements, const Location& loc) {
  ExprPtr e = NewExpr(ExprKind::kList, loc);
  e->args = std::move(elements);
  return e;
}

ExprPtr MakeIntList(const std::vector<int64_t>& values, const Location& loc) {
  std::vector<ExprPtr> elements;
  for (int64_t v : values) elements.push_back(MakeInt(v, loc));
  return MakeList(std::move(elements), loc);
}

ExprPtr MakeBinary(BinaryOp op, ExprPtr lhs, ExprPtr rhs, Type type,
                   const Location& loc) {
  ExprPtr e = NewExpr(ExprKind::kBinary, loc);
  e->binary_op = op;
  e->args.push_back(std::move(lhs));
  e->args.push_back(std::move(rhs));
  e->type = std::move(type);
  return e;
}

ExprPtr MakeOpCall(std::string op, std::vector<ExprPtr> args,
                   std::vector<NamedExpr> attrs, Type type, const Location& loc) {
  ExprPtr e = NewExpr(ExprKind::kCall, loc);
  e->str = std::move(op);
  e->args = std::move(args);
  e->attrs = std::move(attrs);
  e->type = std::move(type);
  return e;
}

ExprPtr MakeSum(const Expr& a, const Expr& b, const Location& loc) {
  if (a.kind == ExprKind::kInt && b.kind == ExprKind::kInt) {
    return MakeInt(a.int_value + b.int_value, loc);
  }
  if (a.kind == ExprKind::kInt && a.int_value == 0) return Clone(b);
  if (b.kind == ExprKind::kInt && b.int_value == 0) return Clone(a);
  return MakeBinary(BinaryOp::kAdd, Clone(a), Clone(b), a.type, loc);
}

NamedExpr MakeAttr(std::string name, ExprPtr value) {
  return NamedExpr{std::move(name), std::move(value)};
}

StmtPtr MakeSeq(std::vector<StmtPtr> stmts, const Location& loc) {
  auto s = std::make_unique<Stmt>();
  s->kind = StmtKind::kSeq;
  s->loc = loc;
  s->stmts = std::move(stmts);
  return s;
}

StmtPtr MakeAssign(Var* target, ExprPtr value, const Location& loc) {
  auto s = std::make_unique<Stmt>();
  s->kind = StmtKind::kAssign;
  s->loc = loc;
  s->var = target;
  s->value = std::move(value);
  return s;
}

StmtPtr MakeEval(ExprPtr value, const Location& loc) {
  auto s = std::make_unique<Stmt>();
  s->kind = StmtKind::kEval;
  s->loc = loc;
  s->value = std::move(value);
  return s;
}

Stmt& EnsureSeq(StmtPtr& body) {
  if (body && body->kind == StmtKind::kSeq) return *body;
  Location loc = body ? body->loc : Location{};
  std::vector<StmtPtr> stmts;
  if (body) stmts.push_back(std::move(body));
  body = MakeSeq(std::move(stmts), loc);
  return *body;
}

}  // namespace ptoc
