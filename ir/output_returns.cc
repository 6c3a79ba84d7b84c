#include "ir/output_returns.h"

#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "ir/registry.h"
#include "ir/walk.h"

namespace ptoc {
namespace {

// The tensor parameter each tensor value of a function names, following
// assignments, ops that return the tensor they write (the registry's
// access.tensor_arg of a tensor-valued call), loop-carried values and
// branch results. A value whose origin is unknown or differs between
// paths maps to nullptr.
class Origins : public StmtVisitor<Origins> {
 public:
  explicit Origins(const Function& f) {
    for (const Param& p : f.params) {
      if (p.var->type.is_tensor()) origin_[p.var] = p.var;
    }
    Visit(*f.body);
  }

  const Var* Of(const Expr& e) const {
    if (e.kind == ExprKind::kVar) {
      auto it = origin_.find(e.var);
      return it == origin_.end() ? nullptr : it->second;
    }
    if (e.kind == ExprKind::kCall && e.type.is_tensor()) {
      const OpInfo* info = LookupOp(e);
      if (info != nullptr && info->access.tensor_arg >= 0 &&
          info->access.tensor_arg < static_cast<int>(e.args.size())) {
        return Of(*e.args[info->access.tensor_arg]);
      }
    }
    return nullptr;
  }

 private:
  friend StmtVisitor<Origins>;

  // Binds `v` to `origin`; a second, different binding makes it unknown.
  void Bind(const Var* v, const Var* origin) {
    auto it = origin_.find(v);
    if (it == origin_.end()) {
      origin_[v] = origin;
    } else if (it->second != origin) {
      it->second = nullptr;
    }
  }

  void Merge(const std::vector<Var*>& results, const Stmt* yield) {
    for (size_t i = 0; i < results.size(); ++i) {
      if (!results[i]->type.is_tensor()) continue;
      const Var* got = yield != nullptr && i < yield->values.size()
                           ? Of(*yield->values[i]) : nullptr;
      Bind(results[i], got);
    }
  }

  // Sequences, scopes and pl.split_aiv regions: their children; the other
  // statements bind no tensor.
  void VisitStmt(const Stmt& s) { VisitChildren(s); }

  void VisitAssign(const Stmt& s) {
    if (s.var->type.is_tensor()) Bind(s.var, Of(*s.value));
  }

  void VisitFor(const Stmt& s) { VisitLoop(s); }
  void VisitWhile(const Stmt& s) { VisitLoop(s); }

  void VisitLoop(const Stmt& s) {
    for (size_t i = 0; i < s.iter_args.size() && i < s.init_values.size(); ++i) {
      if (s.iter_args[i]->type.is_tensor()) Bind(s.iter_args[i], Of(*s.init_values[i]));
    }
    if (s.body != nullptr) Visit(*s.body);
    const Stmt* yield = s.body != nullptr ? TrailingYield(*s.body) : nullptr;
    Merge(s.iter_args, yield);
    for (size_t i = 0; i < s.results.size() && i < s.iter_args.size(); ++i) {
      if (s.results[i]->type.is_tensor()) {
        auto it = origin_.find(s.iter_args[i]);
        Bind(s.results[i], it == origin_.end() ? nullptr : it->second);
      }
    }
  }

  void VisitIf(const Stmt& s) {
    if (s.body != nullptr) {
      Visit(*s.body);
      Merge(s.results, TrailingYield(*s.body));
    }
    if (s.else_body != nullptr) {
      Visit(*s.else_body);
      Merge(s.results, TrailingYield(*s.else_body));
    } else {
      Merge(s.results, nullptr);
    }
  }

  absl::flat_hash_map<const Var*, const Var*> origin_;
};

// Any tensor parameter, pl.In included: PyPTO returns an input unchanged
// (`return x`) and stores into parameters written without pl.Out; either
// way the caller already holds the tensor.
bool IsOutputParam(const Function& f, const Var* v) {
  if (v == nullptr) return false;
  for (const Param& p : f.params) {
    if (p.var == v) return p.var->type.is_tensor();
  }
  return false;
}

void CollectReturns(const Stmt& s, std::vector<const Stmt*>* out) {
  ForEachStmt(s, [&](const Stmt& t) {
    if (t.kind == StmtKind::kReturn) out->push_back(&t);
  });
}

}  // namespace

std::string FreshVarName(const Function& f, const std::string& base) {
  absl::flat_hash_set<std::string> used;
  for (const auto& v : f.vars) used.insert(v->name);
  for (const Param& p : f.params) used.insert(p.var->name);
  if (!used.contains(base)) return base;
  for (int i = 1;; ++i) {
    std::string name = absl::StrCat(base, "_", i);
    if (!used.contains(name)) return name;
  }
}

const Var* OutputParamNamed(const Function& f, const Expr& e) {
  const Var* origin = Origins(f).Of(e);
  return IsOutputParam(f, origin) ? origin : nullptr;
}

bool ReturnsOnlyOutputParams(const Function& f, const Stmt& ret) {
  if (ret.kind != StmtKind::kReturn || ret.values.empty()) return false;
  Origins origins(f);
  for (const ExprPtr& v : ret.values) {
    if (!IsOutputParam(f, origins.Of(*v))) return false;
  }
  return true;
}

bool HasOnlyOutputParamReturns(const Function& f) {
  std::vector<const Stmt*> returns;
  CollectReturns(*f.body, &returns);
  Origins origins(f);
  bool any = false;
  for (const Stmt* r : returns) {
    if (r->values.empty()) continue;
    for (const ExprPtr& v : r->values) {
      if (!IsOutputParam(f, origins.Of(*v))) return false;
    }
    any = true;
  }
  return any;
}

bool HoistOutputReturns(Program& program) {
  bool changed = false;
  for (const auto& fn : program.functions) {
    if (fn->is_kernel()) changed |= HoistOutputReturnsIn(*fn);
  }
  return changed;
}

const Expr* UnhoistedOutputReturn(const Function& f) {
  if (f.body == nullptr) return nullptr;
  const Stmt* last = f.body.get();
  if (last->kind == StmtKind::kSeq) {
    if (last->stmts.empty()) return nullptr;
    last = last->stmts.back().get();
  }
  if (!ReturnsOnlyOutputParams(f, *last)) return nullptr;
  for (const ExprPtr& v : last->values) {
    if (v->kind != ExprKind::kVar) return v.get();
  }
  return nullptr;
}

bool HoistOutputReturnsIn(Function& f) {
  bool changed = false;
  {
    if (f.body == nullptr) return false;
    Stmt& body = EnsureSeq(f.body);
    if (body.stmts.empty()) return false;
    Stmt& ret = *body.stmts.back();
    if (!ReturnsOnlyOutputParams(f, ret)) return false;
    std::vector<StmtPtr> hoisted;
    for (ExprPtr& v : ret.values) {
      if (v->kind == ExprKind::kVar) continue;
      const Var* param = OutputParamNamed(f, *v);
      Var* target = f.NewVar(FreshVarName(f, absl::StrCat(param->name, "_ret")), v->type, v->loc);
      Location loc = v->loc.known() ? v->loc : ret.loc;
      ExprPtr ref = MakeVarRef(target, loc);
      hoisted.push_back(MakeAssign(target, std::move(v), loc));
      v = std::move(ref);
    }
    if (hoisted.empty()) return false;
    StmtPtr last = std::move(body.stmts.back());
    body.stmts.pop_back();
    for (StmtPtr& h : hoisted) body.stmts.push_back(std::move(h));
    body.stmts.push_back(std::move(last));
    changed = true;
  }
  return changed;
}

}  // namespace ptoc
