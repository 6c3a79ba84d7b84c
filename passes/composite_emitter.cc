#include "passes/composite_emitter.h"

#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/status_macros.h"

namespace ptoc::composite {

ExprPtr Emitter::Ref(Var* v) const { return MakeVarRef(v, loc_); }

ExprPtr Emitter::Int(int64_t v, DType d) const { return MakeInt(v, loc_, d); }

ExprPtr Emitter::Ints(const std::vector<int64_t>& values) const {
  return MakeIntList(values, loc_);
}

ExprPtr Emitter::List(std::vector<ExprPtr> elements) const {
  return MakeList(std::move(elements), loc_);
}

ExprPtr Emitter::Enum(std::string enum_type, std::string value) const {
  return MakeEnum(std::move(enum_type), std::move(value), loc_);
}

ExprPtr Emitter::Binary(BinaryOp op, ExprPtr lhs, ExprPtr rhs) const {
  const bool compares = op == BinaryOp::kEq || op == BinaryOp::kNe || op == BinaryOp::kLt ||
                        op == BinaryOp::kLe || op == BinaryOp::kGt || op == BinaryOp::kGe;
  Type type = compares ? Type::Scalar(DType::kBOOL) : lhs->type;
  return MakeBinary(op, std::move(lhs), std::move(rhs), std::move(type), loc_);
}

absl::StatusOr<ExprPtr> Emitter::Op(absl::string_view op, std::vector<ExprPtr> args,
                                    std::vector<NamedExpr> attrs) const {
  ExprPtr call = MakeOpCall(std::string(op), std::move(args), std::move(attrs), Type::None(), loc_);
  const OpInfo* info = LookupOp(*call);
  if (info == nullptr) return ErrorAt(loc_, absl::StrCat("op '", op, "' is not registered"));
  if (info->result) {
    absl::StatusOr<std::optional<Type>> type = info->result(*call);
    if (!type.ok()) {
      return ErrorAt(loc_, absl::StrCat("the expansion's '", op, "': ", type.status().message()));
    }
    if (type->has_value()) call->type = **type;
  }
  return call;
}

std::string Emitter::Fresh(absl::string_view base) {
  std::string name(base);
  for (int i = 1; used_.count(name) > 0; ++i) name = absl::StrCat(base, "_", i);
  used_.insert(name);
  return name;
}

Var* Emitter::Bind(absl::string_view name, ExprPtr value) {
  Type type = value->type;
  return BindAs(name, std::move(type), std::move(value));
}

Var* Emitter::BindAs(absl::string_view name, Type type, ExprPtr value) {
  Var* v = fn_.NewVar(Fresh(name), std::move(type), loc_);
  stmts_.push_back(MakeAssign(v, std::move(value), loc_));
  return v;
}

absl::StatusOr<Var*> Emitter::BindOp(absl::string_view name, absl::string_view op,
                                     std::vector<ExprPtr> args, std::vector<NamedExpr> attrs) {
  ASSIGN_OR_RETURN(ExprPtr call, Op(op, std::move(args), std::move(attrs)));
  return Bind(name, std::move(call));
}

absl::Status Emitter::EvalOp(absl::string_view op, std::vector<ExprPtr> args,
                             std::vector<NamedExpr> attrs) {
  ASSIGN_OR_RETURN(ExprPtr call, Op(op, std::move(args), std::move(attrs)));
  stmts_.push_back(MakeEval(std::move(call), loc_));
  return absl::OkStatus();
}

StmtPtr Emitter::Block(std::vector<StmtPtr> stmts) const { return MakeSeq(std::move(stmts), loc_); }

namespace {

StmtPtr NewStmt(StmtKind kind, const Location& loc) {
  auto s = std::make_unique<Stmt>();
  s->kind = kind;
  s->loc = loc;
  return s;
}

StmtPtr Yield(ExprPtr value, const Location& loc) {
  StmtPtr y = NewStmt(StmtKind::kYield, loc);
  y->values.push_back(std::move(value));
  return y;
}

}  // namespace

absl::Status Emitter::For(absl::string_view index, ExprPtr stop, const Body& body) {
  StmtPtr loop = NewStmt(StmtKind::kFor, loc_);
  loop->var = fn_.NewVar(Fresh(index), Type::Scalar(DType::kINDEX), loc_);
  loop->start = Int(0);
  loop->stop = std::move(stop);
  loop->step = Int(1);
  Emitter inner = Nested();
  RETURN_IF_ERROR(body(inner, loop->var));
  loop->body = Block(inner.Take());
  stmts_.push_back(std::move(loop));
  return absl::OkStatus();
}

absl::StatusOr<Var*> Emitter::ForCarry(absl::string_view index, absl::string_view carried_name,
                                       ExprPtr stop, Var* init, const Step& step) {
  StmtPtr loop = NewStmt(StmtKind::kFor, loc_);
  loop->var = fn_.NewVar(Fresh(index), Type::Scalar(DType::kINDEX), loc_);
  loop->start = Int(0);
  loop->stop = std::move(stop);
  loop->step = Int(1);
  Var* carried = fn_.NewVar(Fresh(carried_name), init->type, loc_);
  loop->iter_args.push_back(carried);
  loop->init_values.push_back(Ref(init));
  Emitter inner = Nested();
  ASSIGN_OR_RETURN(ExprPtr next, step(inner, loop->var, carried));
  inner.Append(Yield(std::move(next), loc_));
  loop->body = Block(inner.Take());
  Var* result = fn_.NewVar(Fresh(carried_name), init->type, loc_);
  loop->results.push_back(result);
  stmts_.push_back(std::move(loop));
  return result;
}

absl::Status Emitter::If(ExprPtr cond, const std::function<absl::Status(Emitter&)>& then) {
  StmtPtr branch = NewStmt(StmtKind::kIf, loc_);
  branch->value = std::move(cond);
  Emitter inner = Nested();
  RETURN_IF_ERROR(then(inner));
  branch->body = Block(inner.Take());
  stmts_.push_back(std::move(branch));
  return absl::OkStatus();
}

absl::StatusOr<Var*> Emitter::IfValue(absl::string_view name, ExprPtr cond, const Branch& then,
                                      const Branch& otherwise) {
  StmtPtr branch = NewStmt(StmtKind::kIf, loc_);
  branch->value = std::move(cond);
  Emitter then_body = Nested();
  ASSIGN_OR_RETURN(ExprPtr then_value, then(then_body));
  Emitter else_body = Nested();
  ASSIGN_OR_RETURN(ExprPtr else_value, otherwise(else_body));
  Var* result = fn_.NewVar(Fresh(name), then_value->type, loc_);
  then_body.Append(Yield(std::move(then_value), loc_));
  else_body.Append(Yield(std::move(else_value), loc_));
  branch->body = Block(then_body.Take());
  branch->else_body = Block(else_body.Take());
  branch->results.push_back(result);
  stmts_.push_back(std::move(branch));
  return result;
}

absl::StatusOr<Comm> EmitCommSetup(Emitter& e, const Expr& window) {
  Comm comm;
  ASSIGN_OR_RETURN(Var * ctx, e.BindOp("ctx", "pld.get_comm_ctx", Args(Clone(window))));
  ASSIGN_OR_RETURN(comm.nranks, e.BindOp("nranks", "pld.nranks", Args(e.Ref(ctx))));
  ASSIGN_OR_RETURN(comm.me, e.BindOp("me", "pld.rank", Args(e.Ref(ctx))));
  return comm;
}

namespace {

// for peer in pl.range(nranks): if peer != me: body(peer)
absl::Status ForEachPeer(Emitter& e, const Comm& comm, absl::string_view index,
                         const Emitter::Body& body) {
  return e.For(index, e.Ref(comm.nranks), [&](Emitter& loop, Var* peer) {
    return loop.If(loop.Binary(BinaryOp::kNe, loop.Ref(peer), loop.Ref(comm.me)),
                   [&](Emitter& then) { return body(then, peer); });
  });
}

// The signal cell of `rank`: [rank, 0] of a mesh signal, [row, rank] of a
// ring signal's row.
ExprPtr Cell(Emitter& e, Var* rank, const Expr* row) {
  std::vector<ExprPtr> offsets;
  offsets.push_back(row != nullptr ? Clone(*row) : e.Ref(rank));
  offsets.push_back(row != nullptr ? e.Ref(rank) : e.Int(0));
  return e.List(std::move(offsets));
}

// An AtomicAdd of `value` into `cell` of rank `peer`'s signal.
absl::Status Credit(Emitter& e, const Expr& signal, ExprPtr peer, ExprPtr cell, ExprPtr value) {
  std::vector<NamedExpr> attrs;
  attrs.push_back(MakeAttr("op", e.Enum("NotifyOp", "AtomicAdd")));
  return e.EvalOp("pld.system.notify",
                  Args(Clone(signal), std::move(peer), std::move(cell), std::move(value)),
                  std::move(attrs));
}

}  // namespace

absl::Status EmitBarrier(Emitter& e, const Comm& comm, const Expr& signal, ExprPtr expected,
                         const Expr* row) {
  RETURN_IF_ERROR(ForEachPeer(e, comm, "peer", [&](Emitter& body, Var* peer) {
    return Credit(body, signal, body.Ref(peer), Cell(body, comm.me, row), body.Int(1));
  }));
  return ForEachPeer(e, comm, "src", [&](Emitter& body, Var* src) {
    // Ge, not Eq: a fast peer may already have credited its next barrier.
    std::vector<NamedExpr> attrs;
    attrs.push_back(MakeAttr("cmp", body.Enum("WaitCmp", "Ge")));
    return body.EvalOp("pld.system.wait",
                       Args(Clone(signal), Cell(body, src, row), Clone(*expected)),
                       std::move(attrs));
  });
}

absl::Status EmitCreditReset(Emitter& e, const Comm& comm, const Expr& signal, int64_t total,
                             const Expr* row) {
  return ForEachPeer(e, comm, "src", [&](Emitter& body, Var* src) {
    return Credit(body, signal, body.Ref(comm.me), Cell(body, src, row), body.Int(-total));
  });
}

}  // namespace ptoc::composite
