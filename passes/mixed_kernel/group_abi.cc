#include "passes/mixed_kernel/group_abi.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "ir/registry.h"
#include "ir/walk.h"

namespace ptoc {
namespace mixed_kernel {
namespace {

using VarMap = absl::flat_hash_map<const Var*, Var*>;

// An argument without its `pl.no_dep(...)` (PyPTO's marker that the task
// does not depend on it, kept around a pl.submit argument).
const Expr& Unwrapped(const Expr& arg) {
  const Expr* a = &arg;
  while (a->is_op_call("no_dep") && a->args.size() == 1) a = a->args[0].get();
  return *a;
}

// A call of a program function: `self.F(args)`, or `pl.submit(self.F,
// args...)` whose first argument names F.
struct MemberCall {
  Expr* call = nullptr;
  size_t first_arg = 0;  // where F's arguments start in call->args
  Function* callee = nullptr;
  size_t arity() const { return call->args.size() - first_arg; }
  const Expr& arg(size_t i) const { return Unwrapped(*call->args[first_arg + i]); }
  std::string& callee_name() const {
    return first_arg == 0 ? call->str : call->args[0]->str;
  }
};

// The program function `e` calls, or nullopt.
std::optional<MemberCall> AsFunctionCall(Program& program, Expr& e) {
  if (e.kind != ExprKind::kCall) return std::nullopt;
  MemberCall m;
  m.call = &e;
  if (!e.is_function_call) {
    const OpInfo* info = OpRegistry::Get().Find(e.str);
    if (info == nullptr || !info->callee_arg || e.args.empty() ||
        e.args[0]->kind != ExprKind::kString) {
      return std::nullopt;
    }
    m.first_arg = 1;
  }
  m.callee = program.FindFunction(m.callee_name());
  if (m.callee == nullptr) return std::nullopt;
  return m;
}

void ForEachCallIn(Expr& e, const std::function<void(Expr&)>& fn) {
  for (ExprPtr& a : e.args) ForEachCallIn(*a, fn);
  for (NamedExpr& a : e.attrs) ForEachCallIn(*a.value, fn);
  if (e.kind == ExprKind::kCall) fn(e);
}

// Every call under `body`, arguments first, for rewriting in place.
void ForEachMutableCall(Stmt& body, const std::function<void(Expr&)>& fn) {
  WalkStmts(body, [&](Stmt& s) {
    ForEachOwnExprSlot(s, [&](ExprPtr& slot) {
      if (slot) ForEachCallIn(*slot, fn);
    });
    return WalkAction::kAdvance;
  });
}

void RemapVarRefs(Expr& e, const VarMap& map) {
  if (e.kind == ExprKind::kVar) {
    if (auto it = map.find(e.var); it != map.end()) e.var = it->second;
  }
  for (ExprPtr& a : e.args) RemapVarRefs(*a, map);
  for (NamedExpr& a : e.attrs) RemapVarRefs(*a.value, map);
}

// Replaces every reference to a variable of `bound` with (a copy of) the
// expression bound to it.
void Substitute(ExprPtr& e, const absl::flat_hash_map<const Var*, const Expr*>& bound) {
  if (e->kind == ExprKind::kVar) {
    if (auto it = bound.find(e->var); it != bound.end()) {
      e = Clone(*it->second);
      return;
    }
  }
  for (ExprPtr& a : e->args) Substitute(a, bound);
  for (NamedExpr& a : e->attrs) Substitute(a.value, bound);
}

// The Group calls F with exactly its parameters, in order, and F takes as
// many.
bool IsCanonical(const Function& group, const MemberCall& m) {
  if (m.arity() != group.params.size() || m.callee->params.size() != group.params.size()) {
    return false;
  }
  for (size_t i = 0; i < group.params.size(); ++i) {
    const Expr& a = m.arg(i);
    if (a.kind != ExprKind::kVar || a.var != group.params[i].var) return false;
  }
  return true;
}

bool SameArgs(const MemberCall& a, const MemberCall& b) {
  if (a.call == b.call) return true;
  if (a.arity() != b.arity()) return false;
  for (size_t i = 0; i < a.arity(); ++i) {
    const Expr& x = a.arg(i);
    const Expr& y = b.arg(i);
    if (x.kind != ExprKind::kVar || y.kind != ExprKind::kVar || x.var != y.var) return false;
  }
  return true;
}

// A function whose code is not ptoc's to rewrite.
bool Unadaptable(const Function& f) {
  if (f.requires_runtime_binding) return true;
  for (const NamedExpr& a : f.decorator_args) {
    if (a.name == "external_source") return true;
  }
  return false;
}

std::string FreshName(const std::string& base, absl::flat_hash_set<std::string>& used) {
  if (used.insert(base).second) return base;
  for (int suffix = 1;; ++suffix) {
    std::string candidate = absl::StrCat(base, "_", suffix);
    if (used.insert(candidate).second) return candidate;
  }
}

// `member`'s code under the name `name`, taking `group`'s parameters: each
// parameter of the member becomes the argument the Group passed for it.
// `peer_renames` repoints import_peer_buffer(peer_func=...) at the renamed
// partner lane.
std::unique_ptr<Function> AdaptMember(
    const Function& group, const MemberCall& m, const std::string& name,
    const absl::flat_hash_map<std::string, std::string>& peer_renames, DiagnosticSink* d) {
  std::unique_ptr<Function> f = CloneFunction(*m.callee);
  f->name = name;
  std::vector<Param> member_params = std::move(f->params);
  f->params.clear();
  VarMap group_to_adapter;
  absl::flat_hash_set<std::string> param_names;
  for (const Param& p : group.params) {
    Var* v = f->NewVar(p.var->name, p.var->type, p.var->loc);
    f->params.push_back(Param{v, p.direction});
    group_to_adapter[p.var] = v;
    param_names.insert(v->name);
  }
  std::vector<ExprPtr> args;  // the Group's arguments, over the new parameters
  absl::flat_hash_map<const Var*, const Expr*> bound;
  for (size_t i = 0; i < member_params.size(); ++i) {
    args.push_back(Clone(m.arg(i)));
    RemapVarRefs(*args.back(), group_to_adapter);
    bound[member_params[i].var] = args.back().get();
  }
  // A local of the member named like a Group parameter it did not take is
  // renamed, so that the printed function reads back the same.
  absl::flat_hash_set<std::string> used;
  for (const auto& v : f->vars) used.insert(v->name);
  auto check_definition = [&](Var* v, const Location& at) {
    if (v == nullptr) return;
    if (bound.contains(v)) {
      d->Error(at, absl::StrCat("'", m.callee->name, "' assigns its parameter '", v->name,
                                "'; it cannot take the arguments of Group '", group.name,
                                "' in their place"));
    } else if (param_names.contains(v->name)) {
      v->name = FreshName(v->name, used);
    }
  };
  WalkStmts(*f->body, [&](Stmt& s) {
    check_definition(s.var, s.loc);
    for (Var* v : s.iter_args) check_definition(v, s.loc);
    for (Var* v : s.results) check_definition(v, s.loc);
    ForEachOwnExprSlot(s, [&](ExprPtr& slot) {
      if (slot) Substitute(slot, bound);
    });
    return WalkAction::kAdvance;
  });
  ForEachMutableCall(*f->body, [&](Expr& call) {
    Expr* peer = call.FindAttr("peer_func");
    if (call.is_function_call || peer == nullptr || peer->kind != ExprKind::kString) return;
    if (auto it = peer_renames.find(peer->str); it != peer_renames.end()) peer->str = it->second;
  });
  return f;
}

// Points a Group's call of a member at `name`, passing the Group's
// parameters in order. The positions the call's attrs={...} names
// (arg_direction_overrides: pl.no_dep) follow their arguments; its
// arg_directions described the old argument list and are dropped (the
// pipeline derives them again, as PyPTO's does).
void RewriteGroupCall(const Function& group, MemberCall& m, const std::string& name,
                      DiagnosticSink* d) {
  absl::flat_hash_map<const Var*, int64_t> position;
  for (size_t i = 0; i < group.params.size(); ++i) position[group.params[i].var] = i;
  std::vector<const Expr*> old_args;
  for (size_t i = 0; i < m.arity(); ++i) old_args.push_back(&m.arg(i));
  if (Expr* dict = m.call->FindAttr("attrs"); dict != nullptr && dict->kind == ExprKind::kDict) {
    std::vector<NamedExpr> kept;
    for (NamedExpr& entry : dict->attrs) {
      if (entry.name == "arg_directions") continue;
      if (entry.name == "arg_direction_overrides" && entry.value->kind == ExprKind::kList) {
        for (ExprPtr& index : entry.value->args) {
          const int64_t old = index->int_value;
          const Expr* a = old >= 0 && old < static_cast<int64_t>(old_args.size())
                              ? old_args[old] : nullptr;
          if (a == nullptr || a->kind != ExprKind::kVar || !position.contains(a->var)) {
            d->Error(index->loc, absl::StrCat(
                "cannot keep pl.no_dep on argument ", old, " of '", m.callee->name,
                "': it is not a parameter of Group '", group.name, "'"));
            continue;
          }
          index->int_value = position[a->var];
        }
      }
      kept.push_back(std::move(entry));
    }
    dict->attrs = std::move(kept);
    if (dict->attrs.empty()) {
      std::vector<NamedExpr>& call_attrs = m.call->attrs;
      call_attrs.erase(std::remove_if(call_attrs.begin(), call_attrs.end(),
                                      [](const NamedExpr& a) { return a.name == "attrs"; }),
                       call_attrs.end());
    }
  }
  // A parameter passed under pl.no_dep keeps it.
  absl::flat_hash_map<const Var*, ExprPtr> wrapped;
  for (size_t i = m.first_arg; i < m.call->args.size(); ++i) {
    const Expr& inner = Unwrapped(*m.call->args[i]);
    if (&inner != m.call->args[i].get() && inner.kind == ExprKind::kVar) {
      wrapped[inner.var] = std::move(m.call->args[i]);
    }
  }
  std::vector<ExprPtr> args;
  for (size_t i = 0; i < m.first_arg; ++i) args.push_back(std::move(m.call->args[i]));
  for (const Param& p : group.params) {
    auto it = wrapped.find(p.var);
    args.push_back(it != wrapped.end() ? std::move(it->second) : MakeVarRef(p.var, m.call->loc));
  }
  m.call->args = std::move(args);
  m.callee_name() = name;
}

}  // namespace

bool NormalizeGroupAbis(Program& program, DiagnosticSink* d) {
  absl::flat_hash_map<std::string, int> calls;
  for (auto& f : program.functions) {
    if (!f->body) continue;
    ForEachMutableCall(*f->body, [&](Expr& e) {
      if (auto m = AsFunctionCall(program, e)) ++calls[m->callee->name];
    });
  }
  absl::flat_hash_set<std::string> used;
  for (const auto& f : program.functions) used.insert(f->name);

  bool changed = false;
  for (size_t g = 0; g < program.functions.size(); ++g) {
    Function& group = *program.functions[g];
    if (group.kind != FunctionKind::kGroup || !group.body) continue;
    std::vector<MemberCall> members;
    ForEachMutableCall(*group.body, [&](Expr& e) {
      auto m = AsFunctionCall(program, e);
      if (m && (m->callee->kind == FunctionKind::kAIC || m->callee->kind == FunctionKind::kAIV)) {
        members.push_back(*m);
      }
    });
    const MemberCall* aic = nullptr;
    const MemberCall* aiv = nullptr;
    for (const MemberCall& m : members) {
      const MemberCall*& first = m.callee->kind == FunctionKind::kAIC ? aic : aiv;
      if (first == nullptr) first = &m;
    }
    // A one-lane Group launches one kind of core: nothing to share.
    if (aic == nullptr || aiv == nullptr) continue;
    if (IsCanonical(group, *aic) && IsCanonical(group, *aiv)) continue;
    const int errors = d->error_count();
    for (const MemberCall* lane : {aic, aiv}) {
      if (Unadaptable(*lane->callee)) {
        d->Error(lane->call->loc, absl::StrCat(
            "Group '", group.name, "' calls '", lane->callee->name, "' with arguments other "
            "than its own parameters, and '", lane->callee->name, "' is bound outside the "
            "program (external_source or a body of `...`), so it cannot be given them: "
            "declare both lanes with the Group's parameters and pass them in order"));
      }
      for (const MemberCall& m : members) {
        if (m.callee == lane->callee && !SameArgs(m, *lane)) {
          d->Error(m.call->loc, absl::StrCat(
              "Group '", group.name, "' calls '", m.callee->name, "' twice with different "
              "arguments; the lanes of a Group share one argument list"));
        }
      }
    }
    if (d->error_count() > errors) continue;

    // A pair only this Group calls is rewritten in place; otherwise the
    // Group gets private copies and the members keep their signatures.
    const bool exclusive = calls[aic->callee->name] == 1 && calls[aiv->callee->name] == 1;
    const std::string aic_name =
        exclusive ? aic->callee->name : FreshName(group.name + "_aic_adapter", used);
    const std::string aiv_name =
        exclusive ? aiv->callee->name : FreshName(group.name + "_aiv_adapter", used);
    const absl::flat_hash_map<std::string, std::string> renames = {
        {aic->callee->name, aic_name}, {aiv->callee->name, aiv_name}};
    std::unique_ptr<Function> adapted_aic = AdaptMember(group, *aic, aic_name, renames, d);
    std::unique_ptr<Function> adapted_aiv = AdaptMember(group, *aiv, aiv_name, renames, d);
    if (d->error_count() > errors) continue;
    Function* const aic_callee = aic->callee;
    Function* const aiv_callee = aiv->callee;
    for (MemberCall& m : members) {
      RewriteGroupCall(group, m, m.callee == aic_callee ? aic_name : aiv_name, d);
    }
    changed = true;
    if (exclusive) {
      for (auto& f : program.functions) {
        if (f.get() == aic_callee) f = std::move(adapted_aic);
        else if (f.get() == aiv_callee) f = std::move(adapted_aiv);
      }
    } else {
      program.functions.insert(program.functions.begin() + g, std::move(adapted_aiv));
      program.functions.insert(program.functions.begin() + g, std::move(adapted_aic));
      g += 2;
    }
  }
  return changed;
}

}  // namespace mixed_kernel
}  // namespace ptoc
