#include "passes/mixed_kernel/returns.h"

#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "ir/output_returns.h"
#include "ir/walk.h"

namespace ptoc {
namespace mixed_kernel {
namespace {

Var* ParamVar(Function& f, const Var* v) {
  for (const Param& p : f.params) {
    if (p.var == v) return p.var;
  }
  return nullptr;
}

// Rewrites the returns among the statements of Seq `seq` (and below).
bool PrepareIn(Function& f, Stmt& seq) {
  bool changed = false;
  for (size_t i = 0; i < seq.stmts.size(); ++i) {
    Stmt& s = *seq.stmts[i];
    for (Stmt* body : BodiesOf(s)) {
      if (body->kind == StmtKind::kSeq) changed |= PrepareIn(f, *body);
    }
    if (s.kind == StmtKind::kSeq) changed |= PrepareIn(f, s);
    if (s.kind != StmtKind::kReturn) continue;
    std::vector<StmtPtr> hoisted;
    for (ExprPtr& v : s.values) {
      // The origin is taken on the value as written, before it moves.
      Var* param = ParamVar(f, OutputParamNamed(f, *v));
      if (v->kind == ExprKind::kVar && (param == nullptr || v->var == param)) continue;
      const Location loc = v->loc.known() ? v->loc : s.loc;
      if (v->kind != ExprKind::kVar) {
        std::string base = param != nullptr ? absl::StrCat(param->name, "_ret") : "ret";
        Var* target = f.NewVar(FreshVarName(f, base), v->type, loc);
        ExprPtr ref = MakeVarRef(target, loc);
        hoisted.push_back(MakeAssign(target, std::move(v), loc));
        v = std::move(ref);
      }
      if (param != nullptr) v = MakeVarRef(param, loc);
      changed = true;
    }
    if (hoisted.empty()) continue;
    const size_t n = hoisted.size();
    seq.stmts.insert(seq.stmts.begin() + i, std::make_move_iterator(hoisted.begin()),
                     std::make_move_iterator(hoisted.end()));
    i += n;
  }
  return changed;
}

}  // namespace

bool ReturnsValues(const Function& f) {
  bool any = false;
  ForEachStmt(*f.body, [&](const Stmt& s) {
    any = any || (s.kind == StmtKind::kReturn && !s.values.empty());
  });
  return any;
}

bool PrepareReturns(Function& f) {
  return f.body->kind == StmtKind::kSeq && PrepareIn(f, *f.body);
}

std::optional<std::vector<int>> ReturnedParams(const Function& f) {
  std::optional<std::vector<int>> result;
  bool ok = true;
  ForEachStmt(*f.body, [&](const Stmt& s) {
    if (!ok || s.kind != StmtKind::kReturn || s.values.empty()) return;
    std::vector<int> indices;
    for (const ExprPtr& v : s.values) {
      int index = -1;
      for (size_t p = 0; v->kind == ExprKind::kVar && p < f.params.size(); ++p) {
        if (f.params[p].var == v->var) index = static_cast<int>(p);
      }
      if (index < 0) {
        ok = false;
        return;
      }
      indices.push_back(index);
    }
    if (result.has_value() && *result != indices) ok = false;
    result = std::move(indices);
  });
  if (!ok) return std::nullopt;
  return result;
}

void DropReturnValues(Stmt& s) {
  if (s.kind == StmtKind::kReturn) s.values.clear();
  for (Stmt* c : ChildrenOf(s)) DropReturnValues(*c);
}

}  // namespace mixed_kernel
}  // namespace ptoc
