#include "codegen/ir_walk.h"

namespace ptoc {
namespace codegen {
namespace {

using Visit = std::function<void(const Expr&)>;

// `all`: visit every expression, else only the calls.
void WalkExpr(const Expr& e, const Visit& fn, bool all) {
  for (const ExprPtr& a : e.args) {
    if (a) WalkExpr(*a, fn, all);
  }
  for (const NamedExpr& a : e.attrs) {
    if (a.value) WalkExpr(*a.value, fn, all);
  }
  if (all || e.kind == ExprKind::kCall) fn(e);
}

void Walk(const Stmt& s, const Visit& fn, bool all) {
  auto expr = [&](const ExprPtr& e) {
    if (e) WalkExpr(*e, fn, all);
  };
  switch (s.kind) {
    case StmtKind::kSeq:
      for (const StmtPtr& c : s.stmts) Walk(*c, fn, all);
      return;
    case StmtKind::kAssign:
    case StmtKind::kEval:
      expr(s.value);
      return;
    case StmtKind::kFor:
      expr(s.start);
      expr(s.stop);
      expr(s.step);
      for (const ExprPtr& e : s.init_values) expr(e);
      if (s.body) Walk(*s.body, fn, all);
      return;
    case StmtKind::kWhile:
      expr(s.value);
      if (s.body) Walk(*s.body, fn, all);
      return;
    case StmtKind::kIf:
      expr(s.value);
      if (s.body) Walk(*s.body, fn, all);
      if (s.else_body) Walk(*s.else_body, fn, all);
      return;
    case StmtKind::kYield:
    case StmtKind::kReturn:
      for (const ExprPtr& e : s.values) expr(e);
      return;
    case StmtKind::kUnpack:
      expr(s.value);
      return;
    case StmtKind::kSetItem:
      for (const ExprPtr& e : s.values) expr(e);
      expr(s.value);
      return;
    case StmtKind::kSplitAiv:  // a pl.split_aiv region: its body, once per lane
      if (s.body) Walk(*s.body, fn, all);
      return;
    case StmtKind::kScope:
      // The scope is no op; its arguments and its body may call.
      for (const ExprPtr& e : s.value->args) expr(e);
      if (s.body) Walk(*s.body, fn, all);
      return;
    case StmtKind::kBreak:
    case StmtKind::kContinue:
      return;
  }
}

}  // namespace

void ForEachCall(const Stmt& stmt, const Visit& fn) { Walk(stmt, fn, /*all=*/false); }

void ForEachExpr(const Stmt& stmt, const Visit& fn) { Walk(stmt, fn, /*all=*/true); }

std::vector<const Stmt*> StmtsOf(const Stmt& body) {
  std::vector<const Stmt*> out;
  if (body.kind == StmtKind::kSeq) {
    for (const StmtPtr& s : body.stmts) out.push_back(s.get());
  } else {
    out.push_back(&body);
  }
  return out;
}

const Stmt* TrailingYield(const Stmt& body) {
  std::vector<const Stmt*> stmts = StmtsOf(body);
  if (stmts.empty() || stmts.back()->kind != StmtKind::kYield) return nullptr;
  return stmts.back();
}

const Stmt* FirstSplitAivRegion(const Stmt& s) {
  if (s.kind == StmtKind::kSplitAiv) return &s;
  for (const StmtPtr& c : s.stmts) {
    if (const Stmt* r = FirstSplitAivRegion(*c)) return r;
  }
  if (s.body) {
    if (const Stmt* r = FirstSplitAivRegion(*s.body)) return r;
  }
  if (s.else_body) return FirstSplitAivRegion(*s.else_body);
  return nullptr;
}

}  // namespace codegen
}  // namespace ptoc
