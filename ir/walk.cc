#include "ir/walk.h"

namespace ptoc {
namespace {

// One traversal of the child slots for both constnesses.
template <typename S, typename Fn>
void EachChild(S& s, Fn&& fn) {
  for (auto& c : s.stmts) {
    if (c) fn(*c);
  }
  if (s.body) fn(*s.body);
  if (s.else_body) fn(*s.else_body);
}

template <typename S, typename Fn>
bool Walk(S& s, Fn& fn) {
  switch (fn(s)) {
    case WalkAction::kStop: return false;
    case WalkAction::kSkip: return true;
    case WalkAction::kAdvance: break;
  }
  bool go_on = true;
  EachChild(s, [&](S& c) {
    if (go_on) go_on = Walk(c, fn);
  });
  return go_on;
}

// The operand slots of `s`, for both constnesses (E is ExprPtr or const
// ExprPtr); see ForEachOwnExpr for the order.
template <typename S, typename Fn>
void OwnSlots(S& s, Fn&& fn, bool whole_scope_call) {
  switch (s.kind) {
    case StmtKind::kAssign:
    case StmtKind::kEval:
    case StmtKind::kIf:
    case StmtKind::kUnpack:
      fn(s.value);
      return;
    case StmtKind::kFor:
      fn(s.start);
      fn(s.stop);
      fn(s.step);
      for (auto& e : s.init_values) fn(e);
      for (auto& a : s.loop_attrs) fn(a.value);
      return;
    case StmtKind::kWhile:
      for (auto& e : s.init_values) fn(e);
      fn(s.value);
      return;
    case StmtKind::kYield:
    case StmtKind::kReturn:
      for (auto& e : s.values) fn(e);
      return;
    case StmtKind::kSetItem:
      for (auto& e : s.values) fn(e);
      fn(s.value);
      return;
    case StmtKind::kScope:
      if (whole_scope_call) {
        fn(s.value);
      } else if (s.value) {
        for (auto& e : s.value->args) fn(e);
        for (auto& a : s.value->attrs) fn(a.value);
      }
      return;
    case StmtKind::kSeq:
    case StmtKind::kBreak:
    case StmtKind::kContinue:
    case StmtKind::kSplitAiv:
      return;
  }
}

void WalkTree(const Expr& e, absl::FunctionRef<void(const Expr&)> fn, bool calls_only) {
  for (const ExprPtr& a : e.args) {
    if (a) WalkTree(*a, fn, calls_only);
  }
  for (const NamedExpr& a : e.attrs) {
    if (a.value) WalkTree(*a.value, fn, calls_only);
  }
  if (!calls_only || e.kind == ExprKind::kCall) fn(e);
}

void ForEachTreeExpr(const Stmt& s, absl::FunctionRef<void(const Expr&)> fn, bool calls_only) {
  ForEachStmt(s, [&](const Stmt& t) {
    ForEachOwnExpr(t, [&](const Expr& e) { WalkTree(e, fn, calls_only); });
  });
}

}  // namespace

void ForEachChild(const Stmt& s, absl::FunctionRef<void(const Stmt&)> fn) { EachChild(s, fn); }
void ForEachChild(Stmt& s, absl::FunctionRef<void(Stmt&)> fn) { EachChild(s, fn); }

std::vector<const Stmt*> ChildrenOf(const Stmt& s) {
  std::vector<const Stmt*> out;
  EachChild(s, [&](const Stmt& c) { out.push_back(&c); });
  return out;
}

std::vector<Stmt*> ChildrenOf(Stmt& s) {
  std::vector<Stmt*> out;
  EachChild(s, [&](Stmt& c) { out.push_back(&c); });
  return out;
}

std::vector<const Stmt*> BodiesOf(const Stmt& s) {
  if (s.kind == StmtKind::kSeq) return {};
  return ChildrenOf(s);
}

std::vector<Stmt*> BodiesOf(Stmt& s) {
  if (s.kind == StmtKind::kSeq) return {};
  return ChildrenOf(s);
}

absl::Status TryForEachChild(const Stmt& s,
                             absl::FunctionRef<absl::Status(const Stmt&)> fn) {
  absl::Status status;
  EachChild(s, [&](const Stmt& c) {
    if (status.ok()) status = fn(c);
  });
  return status;
}

absl::Status TryForEachChild(Stmt& s, absl::FunctionRef<absl::Status(Stmt&)> fn) {
  absl::Status status;
  EachChild(s, [&](Stmt& c) {
    if (status.ok()) status = fn(c);
  });
  return status;
}

bool WalkStmts(const Stmt& s, absl::FunctionRef<WalkAction(const Stmt&)> fn) { return Walk(s, fn); }
bool WalkStmts(Stmt& s, absl::FunctionRef<WalkAction(Stmt&)> fn) { return Walk(s, fn); }

void ForEachStmt(const Stmt& s, absl::FunctionRef<void(const Stmt&)> fn) {
  WalkStmts(s, [&](const Stmt& t) {
    fn(t);
    return WalkAction::kAdvance;
  });
}

void ForEachOwnExpr(const Stmt& s, absl::FunctionRef<void(const Expr&)> fn) {
  OwnSlots(
      s,
      [&](const ExprPtr& e) {
        if (e) fn(*e);
      },
      /*whole_scope_call=*/false);
}

void ForEachOwnExprSlot(Stmt& s, absl::FunctionRef<void(ExprPtr&)> fn) {
  OwnSlots(s, fn, /*whole_scope_call=*/true);
}

void WalkExprTree(const Expr& e, absl::FunctionRef<void(const Expr&)> fn) {
  WalkTree(e, fn, /*calls_only=*/false);
}

void ForEachExpr(const Stmt& s, absl::FunctionRef<void(const Expr&)> fn) {
  ForEachTreeExpr(s, fn, /*calls_only=*/false);
}

void ForEachCall(const Stmt& s, absl::FunctionRef<void(const Expr&)> fn) {
  ForEachTreeExpr(s, fn, /*calls_only=*/true);
}

void ForEachOwnCall(const Stmt& s, absl::FunctionRef<void(const Expr&)> fn) {
  ForEachOwnExpr(s, [&](const Expr& e) { WalkTree(e, fn, /*calls_only=*/true); });
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

std::map<const Var*, int> CountVarUses(const Stmt& s) {
  std::map<const Var*, int> uses;
  ForEachExpr(s, [&](const Expr& e) {
    if (e.kind == ExprKind::kVar) ++uses[e.var];
  });
  return uses;
}

const Stmt* TrailingYield(const Stmt& body) {
  const Stmt* last = &body;
  while (last->kind == StmtKind::kSeq) {
    if (last->stmts.empty()) return nullptr;
    last = last->stmts.back().get();
  }
  return last->kind == StmtKind::kYield ? last : nullptr;
}

const Stmt* FirstSplitAivRegion(const Stmt& s) {
  const Stmt* found = nullptr;
  WalkStmts(s, [&](const Stmt& t) {
    if (t.kind != StmtKind::kSplitAiv) return WalkAction::kAdvance;
    found = &t;
    return WalkAction::kStop;
  });
  return found;
}

}  // namespace ptoc
