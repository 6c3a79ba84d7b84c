// PyPTO's reference and placement rules (verify_pypto.h), one walk per
// function after the verifier's scoping and type checks have passed.
#include "ir/verify_pypto.h"

#include <algorithm>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "ir/registry.h"

namespace ptoc {
namespace {

// A tensor type written with PyPTO's bare DN layout marker.
bool HasBareDnLayout(const Type& t) {
  if (t.is_tuple()) {
    for (const Type& e : t.elements()) {
      if (HasBareDnLayout(e)) return true;
    }
    return false;
  }
  if (!t.is_tensor()) return false;
  for (absl::string_view e : ExtraElements(t.extra())) {
    if (e == "pl.DN" || e == "pl.TensorLayout.DN") return true;
  }
  return false;
}

bool IsTaskId(const Type& t) { return t.is_scalar() && t.dtype() == DType::kTASK_ID; }
bool IsTaskIdArray(const Type& t) { return t.is_array() && t.dtype() == DType::kTASK_ID; }

const Expr* EnumArgOrAttr(const Expr& call, size_t index, absl::string_view attr) {
  if (const Expr* a = call.FindAttr(attr)) return a;
  if (index < call.args.size() && call.args[index]->kind == ExprKind::kEnum) {
    return call.args[index].get();
  }
  return nullptr;
}

class PyptoRules {
 public:
  PyptoRules(const Program& program, DiagnosticSink& sink) : program_(program), sink_(sink) {}

  void Run() {
    if (program_.functions.empty()) {
      sink_.Error(program_.loc, absl::StrCat("class '", program_.name,
                                             "' contains no @pl.function decorated methods"));
    }
    for (const auto& f : program_.functions) {
      fn_ = f.get();
      CheckFunction(*f);
    }
  }

 private:
  void CheckFunction(const Function& f) {
    for (const NamedExpr& a : f.attrs) CheckListAttr(f, a);
    if (f.return_type && HasBareDnLayout(*f.return_type)) {
      ReportDn(f.loc, *f.return_type);
    }
    for (const auto& v : f.vars) {
      if (HasBareDnLayout(v->type)) ReportDn(v->loc.known() ? v->loc : f.loc, v->type);
    }
    host_ = false;
    for (const NamedExpr& a : f.decorator_args) {
      if (a.name == "level" && a.value->kind == ExprKind::kEnum) host_ = a.value->str == "HOST";
    }
    device_scopes_ = 0;
    if (f.body) CheckStmt(*f.body);
  }

  // PyPTO keeps integer lists for the reserved key arg_direction_overrides
  // only; other list attributes hold pl.adir values.
  void CheckListAttr(const Function& f, const NamedExpr& a) {
    if (a.value->kind != ExprKind::kList) return;
    const bool int_key = a.name == "arg_direction_overrides";
    for (const ExprPtr& e : a.value->args) {
      const bool ok = int_key ? e->kind == ExprKind::kInt
                              : e->kind == ExprKind::kEnum && e->enum_type == "adir";
      if (ok) continue;
      sink_.Error(a.value->loc.known() ? a.value->loc : f.loc,
                  absl::StrCat("Unsupported list element type for key: ", a.name,
                               int_key ? " (expected int)"
                                       : ": a list-valued function attribute holds pl.adir "
                                         "values; integer lists are accepted only for the "
                                         "key 'arg_direction_overrides'"));
      return;
    }
  }

  void ReportDn(const Location& loc, const Type& t) {
    sink_.Error(loc, absl::StrCat(t.is_distributed() ? "pld.DistributedTensor" : "pl.Tensor",
                                  "[..., pl.DN] is not supported: write the source shape "
                                  "without a layout and derive DN with pl.transpose, or "
                                  "give pl.TensorView(stride=[...], "
                                  "layout=pl.TensorLayout.DN)"));
  }

  void CheckStmt(const Stmt& s) {
    switch (s.kind) {
      case StmtKind::kAssign:
        if (s.value && s.value->is_call()) {
          CheckCall(*s.value, s.loc, /*assigned_to=*/s.var);
          return;
        }
        break;
      case StmtKind::kScope: {
        if (!s.value) break;
        CheckScope(*s.value, s.loc);
        const bool device = IsDeviceScope(*s.value);
        device_scopes_ += device;
        if (s.body) CheckStmt(*s.body);
        device_scopes_ -= device;
        return;
      }
      case StmtKind::kFor:
        if (s.loop_kind == "spmd") {
          ++device_scopes_;
          for (const Expr* e : {s.start.get(), s.stop.get(), s.step.get()}) CheckExpr(e, s.loc);
          if (s.body) CheckStmt(*s.body);
          --device_scopes_;
          return;
        }
        break;
      default:
        break;
    }
    for (const Expr* e : {s.value.get(), s.start.get(), s.stop.get(), s.step.get()}) {
      CheckExpr(e, s.loc);
    }
    for (const ExprPtr& e : s.init_values) CheckExpr(e.get(), s.loc);
    for (const ExprPtr& e : s.values) CheckExpr(e.get(), s.loc);
    for (const NamedExpr& a : s.loop_attrs) CheckExpr(a.value.get(), s.loc);
    for (const StmtPtr& c : s.stmts) CheckStmt(*c);
    if (s.body) CheckStmt(*s.body);
    if (s.else_body) CheckStmt(*s.else_body);
  }

  static bool IsDeviceScope(const Expr& scope) {
    if (scope.str == "spmd") return true;
    if (scope.str != "at") return false;
    const Expr* level = EnumArgOrAttr(scope, 0, "level");
    return level != nullptr && level->str == "CORE_GROUP";
  }

  void CheckExpr(const Expr* e, const Location& stmt_loc) {
    if (e == nullptr) return;
    if (e->is_call()) {
      CheckCall(*e, stmt_loc, nullptr);
      return;
    }
    for (const ExprPtr& a : e->args) CheckExpr(a.get(), stmt_loc);
    for (const NamedExpr& a : e->attrs) CheckExpr(a.value.get(), stmt_loc);
  }

  const Location& At(const Expr& e, const Location& stmt_loc) const {
    return e.loc.known() ? e.loc : stmt_loc;
  }

  void CheckCall(const Expr& call, const Location& stmt_loc, const Var* assigned_to) {
    for (const ExprPtr& a : call.args) CheckExpr(a.get(), stmt_loc);
    for (const NamedExpr& a : call.attrs) CheckExpr(a.value.get(), stmt_loc);
    const OpInfo* info = LookupOp(call);
    if (info == nullptr) return;
    const Location& loc = At(call, stmt_loc);
    const std::string spelled =
        absl::StartsWith(call.str, "pld.") ? call.str : absl::StrCat("pl.", call.str);
    if (info->host_only && (!host_ || device_scopes_ > 0)) {
      sink_.Error(loc, absl::StrCat(
                           spelled, "() can only be called in HOST orchestration context "
                                    "(@pl.function(level=pl.Level.HOST, ...)), not inside "
                                    "InCore / SPMD scopes; ",
                           !host_ ? absl::StrCat("'", fn_->name, "' is not a HOST function")
                                  : std::string("this call is inside a device scope")));
    }
    if (info->no_mx_source && !call.args.empty() && HasMxLayout(call.args[0]->type)) {
      sink_.Error(At(*call.args[0], stmt_loc),
                  absl::StrCat(call.str, " does not support MX-layout tensors (",
                               TypeToString(call.args[0]->type), ")"));
    }
    if (info->names_buffer) {
      if (assigned_to == nullptr) {
        sink_.Error(loc, absl::StrCat(spelled, " must appear as the right-hand side of a "
                                               "simple assignment (its result must be bound "
                                               "to a named variable)"));
      } else {
        auto [it, fresh] = buffer_names_.emplace(assigned_to->name, loc);
        if (!fresh) {
          sink_.Error(loc, absl::StrCat(spelled, " name '", assigned_to->name,
                                        "' is already declared in this program (line ",
                                        it->second.line,
                                        "); each window buffer needs a name unique across "
                                        "all functions"));
        }
      }
    }
    if (info->callee_arg && !call.args.empty() && call.args[0]->kind == ExprKind::kString) {
      CheckSubmitArity(spelled, call, loc);
      for (const NamedExpr& a : call.attrs) {
        if (IsCallAttrsDict(a)) CheckSubmitAttrsDict(call, *a.value, stmt_loc);
      }
    }
    if (const Expr* deps = call.FindAttr("deps")) CheckDeps(spelled, *deps, stmt_loc);
    if (const Expr* dumps = call.FindAttr("dumps"); dumps != nullptr && info->callee_arg) {
      CheckSubmitDumps(spelled, call, *dumps, stmt_loc);
    }
  }

  void CheckScope(const Expr& scope, const Location& stmt_loc) {
    const std::string name = absl::StrCat("pl.", scope.str, "()");
    if (scope.str == "scope") {
      if (std::optional<std::string> e = CheckHandPlacedScope(*fn_, scope.FindAttr("mode"))) {
        sink_.Error(stmt_loc, *e);
      }
    }
    if (const Expr* hint = scope.FindAttr("name_hint");
        hint != nullptr && hint->kind == ExprKind::kString && !hint->str.empty() &&
        !IsIdentifier(hint->str)) {
      sink_.Error(At(*hint, stmt_loc),
                  absl::StrCat(name, " name_hint \"", hint->str,
                               "\" must be a valid non-keyword identifier"));
    }
    if (const Expr* deps = scope.FindAttr("deps")) CheckDeps(name, *deps, stmt_loc);
    for (absl::string_view kw : {"dumps", "no_dep_args"}) {
      const Expr* list = scope.FindAttr(kw);
      if (list == nullptr) continue;
      // PyPTO's parser takes no_dep_args= only as a list literal; dumps= also
      // as a tuple. The same rule as ptoc's parser, so a .pb verifies
      // exactly when its printed text parses.
      const bool tuple_ok = kw == "dumps";
      if (list->kind != ExprKind::kList && !(tuple_ok && list->kind == ExprKind::kTuple)) {
        sink_.Error(At(*list, stmt_loc), absl::StrCat(name, " ", kw,
                                                      "= must be a list literal of tensor "
                                                      "names"));
        continue;
      }
      for (size_t i = 0; i < list->args.size(); ++i) {
        const Expr& e = *list->args[i];
        if (e.kind != ExprKind::kVar || e.var == nullptr || !e.var->type.is_tensor()) {
          sink_.Error(At(e, stmt_loc),
                      absl::StrCat(name, " ", kw, "=[...] entry ",
                                   e.kind == ExprKind::kVar && e.var != nullptr
                                       ? absl::StrCat("'", e.var->name, "' is not a tensor (",
                                                      TypeToString(e.var->type), ")")
                                       : std::string("is not a tensor variable")));
          continue;
        }
        if (kw != "no_dep_args") continue;
        for (size_t j = 0; j < i; ++j) {
          if (list->args[j]->kind == ExprKind::kVar && list->args[j]->var == e.var) {
            sink_.Error(At(e, stmt_loc), absl::StrCat(name, " no_dep_args=[...] lists '",
                                                      e.var->name, "' more than once"));
            break;
          }
        }
      }
    }
  }

  // pl.submit(self.f, args...): f's parameters, the Out / InOut ones may be
  // left out (the runtime allocates them).
  void CheckSubmitArity(absl::string_view what, const Expr& call, const Location& loc) {
    const Function* callee = program_.FindFunction(call.args[0]->str);
    if (callee == nullptr) {
      sink_.Error(loc, absl::StrCat("'", what, "' of unknown function '", call.args[0]->str, "'"));
      return;
    }
    const size_t given = call.args.size() - 1;
    const size_t needed = static_cast<size_t>(
        std::count_if(callee->params.begin(), callee->params.end(),
                      [](const Param& p) { return p.direction == Direction::kIn; }));
    if (given < needed || given > callee->params.size()) {
      sink_.Error(loc, absl::StrCat("'", what, "' of '", callee->name, "' passes ", given,
                                    " arguments; it takes ", needed,
                                    needed == callee->params.size()
                                        ? ""
                                        : absl::StrCat(" to ", callee->params.size())));
    }
  }

  // A submit's attrs={...} as PyPTO's kernel-call parser reads it: any key
  // but manual_dep_edges (deps= says those), arg_directions one pl.adir
  // value per argument.
  void CheckSubmitAttrsDict(const Expr& call, const Expr& dict, const Location& stmt_loc) {
    const std::string& callee = call.args[0]->str;
    for (const NamedExpr& entry : dict.attrs) {
      const Expr& value = entry.value != nullptr ? *entry.value : dict;
      if (entry.name == "manual_dep_edges") {
        sink_.Error(At(value, stmt_loc),
                    absl::StrCat("attrs={'manual_dep_edges': ...} is not accepted on a call to '",
                                 callee, "'; write the edges as deps=[...]"));
      } else if (entry.name == "arg_directions" &&
                 (value.kind != ExprKind::kList || value.args.size() != call.args.size() - 1)) {
        sink_.Error(At(value, stmt_loc),
                    absl::StrCat("attrs['arg_directions'] on a call to '", callee,
                                 "' must be a list of one pl.adir value per argument (",
                                 call.args.size() - 1, ")"));
      }
    }
  }

  // deps=[...]: task ids, a task-id array, or elements of one (PyPTO's
  // _parse_submit_deps_kwarg).
  void CheckDeps(absl::string_view what, const Expr& deps, const Location& stmt_loc) {
    if (deps.kind != ExprKind::kList && deps.kind != ExprKind::kTuple) {
      sink_.Error(At(deps, stmt_loc),
                  absl::StrCat("'", what, "' deps= must be a list or tuple of TaskId values"));
      return;
    }
    bool whole_array = false;
    bool element = false;
    for (const ExprPtr& e : deps.args) {
      const bool var = e->kind == ExprKind::kVar && e->var != nullptr;
      const bool array = var && IsTaskIdArray(e->var->type);
      const bool slot = e->is_call() && !e->is_function_call && IsTaskId(e->type) &&
                        !e->args.empty() && IsTaskIdArray(e->args[0]->type);
      if (!(var && (IsTaskId(e->var->type) || array)) && !slot) {
        sink_.Error(At(*e, stmt_loc),
                    absl::StrCat("'", what, "' deps= entries must be a TaskId variable or a "
                                            "TASK_ID array element (arr[i]), not ",
                                 var ? absl::StrCat("'", e->var->name, "' of type ",
                                                    TypeToString(e->var->type))
                                     : std::string("this expression")));
        continue;
      }
      if ((array && element) || (slot && whole_array)) {
        sink_.Error(At(*e, stmt_loc),
                    absl::StrCat("'", what, "' deps= cannot mix a whole TASK_ID array with "
                                            "per-element entries: pass the array alone "
                                            "(deps=[arr]) or index it slot by slot"));
      }
      whole_array = whole_array || array;
      element = element || slot;
    }
  }

  // pl.submit(self.f, args..., dumps=[...]): tensors among the arguments.
  void CheckSubmitDumps(absl::string_view what, const Expr& call, const Expr& dumps,
                        const Location& stmt_loc) {
    if (dumps.kind != ExprKind::kList && dumps.kind != ExprKind::kTuple) {
      sink_.Error(At(dumps, stmt_loc),
                  absl::StrCat("'", what, "' dumps= must be a list of tensor arguments"));
      return;
    }
    for (const ExprPtr& e : dumps.args) {
      if (e->kind != ExprKind::kVar || e->var == nullptr || !e->var->type.is_tensor()) {
        sink_.Error(At(*e, stmt_loc),
                    absl::StrCat("'", what, "' dumps= entries must be tensor variables"));
        continue;
      }
      const bool passed = std::any_of(call.args.begin(), call.args.end(), [&](const ExprPtr& a) {
        return a->kind == ExprKind::kVar && a->var == e->var;
      });
      if (!passed) {
        sink_.Error(At(*e, stmt_loc), absl::StrCat("'", what, "' dumps= entry '", e->var->name,
                                                   "' is not an argument of this submit"));
      }
    }
  }

  const Program& program_;
  DiagnosticSink& sink_;
  const Function* fn_ = nullptr;
  bool host_ = false;       // fn_ is @pl.function(level=pl.Level.HOST)
  int device_scopes_ = 0;   // enclosing pl.at(CORE_GROUP) / pl.spmd scopes and loops
  // pld.alloc_window_buffer targets so far, program-wide.
  absl::flat_hash_map<std::string, Location> buffer_names_;
};

}  // namespace

void VerifyPyptoRules(const Program& program, DiagnosticSink& sink) {
  PyptoRules(program, sink).Run();
}

}  // namespace ptoc
