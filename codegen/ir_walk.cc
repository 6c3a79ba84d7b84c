#include "codegen/ir_walk.h"

namespace ptoc {
namespace codegen {
namespace {

void WalkExpr(const Expr& e, const std::function<void(const Expr&)>& fn) {
  for (const ExprPtr& a : e.args) {
    if (a) WalkExpr(*a, fn);
  }
  for (const NamedExpr& a : e.attrs) {
    if (a.value) WalkExpr(*a.value, fn);
  }
  if (e.kind == ExprKind::kCall) fn(e);
}

void WalkOptional(const ExprPtr& e, const std::function<void(const Expr&)>& fn) {
  if (e) WalkExpr(*e, fn);
}

}  // namespace

void ForEachCall(const Stmt& s, const std::function<void(const Expr&)>& fn) {
  switch (s.kind) {
    case StmtKind::kSeq:
      for (const StmtPtr& c : s.stmts) ForEachCall(*c, fn);
      return;
    case StmtKind::kAssign:
    case StmtKind::kEval:
      WalkOptional(s.value, fn);
      return;
    case StmtKind::kFor:
      WalkOptional(s.start, fn);
      WalkOptional(s.stop, fn);
      WalkOptional(s.step, fn);
      for (const ExprPtr& e : s.init_values) WalkOptional(e, fn);
      if (s.body) ForEachCall(*s.body, fn);
      return;
    case StmtKind::kWhile:
      WalkOptional(s.value, fn);
      if (s.body) ForEachCall(*s.body, fn);
      return;
    case StmtKind::kIf:
      WalkOptional(s.value, fn);
      if (s.body) ForEachCall(*s.body, fn);
      if (s.else_body) ForEachCall(*s.else_body, fn);
      return;
    case StmtKind::kYield:
    case StmtKind::kReturn:
      for (const ExprPtr& e : s.values) WalkOptional(e, fn);
      return;
    case StmtKind::kUnpack:
      WalkOptional(s.value, fn);
      return;
    case StmtKind::kSetItem:
      for (const ExprPtr& e : s.values) WalkOptional(e, fn);
      WalkOptional(s.value, fn);
      return;
    case StmtKind::kSplitAiv:  // a pl.split_aiv region: its body, once per lane
      if (s.body) ForEachCall(*s.body, fn);
      return;
    case StmtKind::kScope:
      // The scope is no op; its arguments and its body may call.
      for (const ExprPtr& e : s.value->args) WalkOptional(e, fn);
      if (s.body) ForEachCall(*s.body, fn);
      return;
    case StmtKind::kBreak:
    case StmtKind::kContinue:
      return;
  }
}

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
