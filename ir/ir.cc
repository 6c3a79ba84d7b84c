#include "ir/ir.h"

#include <array>
#include <utility>

#include "absl/algorithm/container.h"
#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/container/node_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"

namespace ptoc {

FileName::FileName(absl::string_view name) {
  if (name.empty()) return;
  static absl::Mutex mu(absl::kConstInit);
  static auto* names = new absl::node_hash_set<std::string>();  // never freed
  absl::MutexLock lock(&mu);
  name_ = &*names->emplace(name).first;
}

std::string FileLineCol(const Location& loc) {
  return absl::StrCat(loc.file.str(), ":", loc.line, ":", loc.col);
}

const std::string& FileName::str() const {
  static const std::string* empty = new std::string();
  return name_ == nullptr ? *empty : *name_;
}

namespace {

constexpr std::array<std::pair<FunctionKind, absl::string_view>, 9> kKindNames = {{
    {FunctionKind::kOpaque, "Opaque"},
    {FunctionKind::kOrchestration, "Orchestration"},
    {FunctionKind::kInCore, "InCore"},
    {FunctionKind::kAIC, "AIC"},
    {FunctionKind::kAIV, "AIV"},
    {FunctionKind::kGroup, "Group"},
    {FunctionKind::kSpmd, "Spmd"},
    {FunctionKind::kInline, "Inline"},
    {FunctionKind::kGraph, "Graph"},
}};

using VarMap = absl::flat_hash_map<const Var*, Var*>;

Var* Remap(Var* v, const VarMap* map) {
  if (v == nullptr || map == nullptr) return v;
  auto it = map->find(v);
  return it == map->end() ? v : it->second;
}

ExprPtr CloneExpr(const Expr& e, const VarMap* map) {
  auto c = std::make_unique<Expr>();
  c->kind = e.kind;
  c->loc = e.loc;
  c->type = e.type;
  c->var = Remap(e.var, map);
  c->int_value = e.int_value;
  c->float_value = e.float_value;
  c->bool_value = e.bool_value;
  c->str = e.str;
  c->enum_type = e.enum_type;
  c->binary_op = e.binary_op;
  c->unary_op = e.unary_op;
  c->is_function_call = e.is_function_call;
  for (const ExprPtr& a : e.args) c->args.push_back(CloneExpr(*a, map));
  for (const NamedExpr& a : e.attrs) {
    c->attrs.push_back(NamedExpr{a.name, CloneExpr(*a.value, map)});
  }
  return c;
}

ExprPtr CloneOrNull(const ExprPtr& e, const VarMap* map) {
  return e ? CloneExpr(*e, map) : nullptr;
}

StmtPtr CloneStmt(const Stmt& s, const VarMap* map) {
  auto c = std::make_unique<Stmt>();
  c->kind = s.kind;
  c->loc = s.loc;
  for (const StmtPtr& child : s.stmts) c->stmts.push_back(CloneStmt(*child, map));
  c->var = Remap(s.var, map);
  c->value = CloneOrNull(s.value, map);
  c->start = CloneOrNull(s.start, map);
  c->stop = CloneOrNull(s.stop, map);
  c->step = CloneOrNull(s.step, map);
  for (Var* v : s.iter_args) c->iter_args.push_back(Remap(v, map));
  for (const ExprPtr& e : s.init_values) c->init_values.push_back(CloneExpr(*e, map));
  for (Var* v : s.results) c->results.push_back(Remap(v, map));
  if (s.body) c->body = CloneStmt(*s.body, map);
  if (s.else_body) c->else_body = CloneStmt(*s.else_body, map);
  for (const ExprPtr& e : s.values) c->values.push_back(CloneExpr(*e, map));
  c->loop_kind = s.loop_kind;
  c->split_mode = s.split_mode;
  c->leading_comments = s.leading_comments;
  for (const NamedExpr& a : s.loop_attrs) {
    c->loop_attrs.push_back(NamedExpr{a.name, CloneExpr(*a.value, map)});
  }
  return c;
}

const Expr* FindNamed(const std::vector<NamedExpr>& attrs, absl::string_view name) {
  for (const NamedExpr& a : attrs) {
    if (a.name == name) return a.value.get();
  }
  return nullptr;
}

}  // namespace

absl::string_view FunctionKindName(FunctionKind k) {
  for (const auto& [kind, name] : kKindNames) {
    if (kind == k) return name;
  }
  return "?";
}

absl::string_view StampedLevel(FunctionKind k) {
  switch (k) {
    case FunctionKind::kAIC: return "AIC";
    case FunctionKind::kAIV: return "AIV";
    case FunctionKind::kGroup: return "CORE_GROUP";
    default: return "";
  }
}

std::optional<std::string> CheckStampedLevelRole(const Function& f, const NamedExpr& arg) {
  const absl::string_view level = StampedLevel(f.kind);
  if (level.empty() || (arg.name != "level" && arg.name != "role")) return std::nullopt;
  const absl::string_view want = arg.name == "level" ? level : "SubWorker";
  if (arg.value->kind == ExprKind::kEnum && arg.value->str == want) return std::nullopt;
  return absl::StrCat("type=pl.FunctionType.", FunctionKindName(f.kind), " implies ", arg.name,
                      "=pl.", arg.name == "level" ? "Level." : "Role.", want);
}

std::optional<FunctionKind> ParseFunctionKind(absl::string_view s) {
  for (const auto& [kind, name] : kKindNames) {
    if (name == s) return kind;
  }
  return std::nullopt;
}

absl::Span<const absl::string_view> ScopeNames() {
  static constexpr absl::string_view kScopes[] = {"at",      "manual_scope", "auto_scope",
                                                  "spmd",    "cluster",      "scope",
                                                  "incore"};
  return kScopes;
}

bool IsScopeName(absl::string_view name) {
  return absl::c_linear_search(ScopeNames(), name);
}

bool ScopeTakesTarget(absl::string_view name) { return name == "at" || name == "spmd"; }

bool ScopeTakesArguments(absl::string_view name) {
  return name != "manual_scope" && name != "auto_scope";
}

const ScopeKeyword* ScopeSignature::Find(absl::string_view name) const {
  for (const ScopeKeyword& k : keywords) {
    if (k.name == name) return &k;
  }
  return nullptr;
}

const ScopeSignature& ScopeSignatureOf(absl::string_view scope) {
  using F = ScopeValueForm;
  static const ScopeSignature kAt = {
      2,  // pl.at(level, role)
      {{"level", F::kEnum, "Level"},
       {"role", F::kEnum, "Role"},
       {"optimizations", F::kAny},
       {"deps", F::kAny},
       {"no_dep_args", F::kTensorList},
       {"dumps", F::kAny},
       {"allow_early_resolve", F::kBool},
       {"name_hint", F::kString},
       {"windowize", F::kBool}}};
  static const ScopeSignature kScope = {0, {{"mode", F::kEnum, "ScopeMode"}}};
  static const ScopeSignature kCluster = {0, {{"name_hint", F::kString}}};
  static const ScopeSignature kSpmd = {
      1,  // pl.spmd(core_num)
      {{"core_num", F::kAny},
       {"sync_start", F::kBool},
       {"name_hint", F::kString},
       {"optimizations", F::kAny},
       {"deps", F::kAny},
       {"dumps", F::kAny},
       {"allow_early_resolve", F::kBool},
       {"no_dep_args", F::kTensorList}}};
  static const ScopeSignature kNone = {};
  if (scope == "at") return kAt;
  if (scope == "scope") return kScope;
  if (scope == "cluster") return kCluster;
  if (scope == "spmd") return kSpmd;
  return kNone;
}

std::optional<ScopeValueError> CheckScopeKeywordValue(absl::string_view call_name,
                                                      const ScopeKeyword& keyword,
                                                      const Expr& value) {
  switch (keyword.form) {
    case ScopeValueForm::kAny:
      return std::nullopt;
    case ScopeValueForm::kEnum:
      if (value.kind == ExprKind::kEnum && value.enum_type == keyword.enum_type) {
        return std::nullopt;
      }
      return ScopeValueError{absl::StrCat(call_name, " ", keyword.name, "= must be a pl.",
                                          keyword.enum_type, " value"),
                             &value};
    case ScopeValueForm::kString:
      if (value.kind == ExprKind::kString) return std::nullopt;
      return ScopeValueError{absl::StrCat(call_name, " ", keyword.name, "= must be a string"),
                             &value};
    case ScopeValueForm::kBool:
      if (value.kind == ExprKind::kBool) return std::nullopt;
      return ScopeValueError{
          absl::StrCat(call_name, " ", keyword.name, "= must be True or False"), &value};
    case ScopeValueForm::kTensorList:
      if (value.kind != ExprKind::kList) {
        return ScopeValueError{absl::StrCat(call_name, " ", keyword.name,
                                            "= must be a list literal of tensor names"),
                               &value};
      }
      for (const ExprPtr& e : value.args) {
        if (e->kind != ExprKind::kVar || !e->type.is_tensor()) {
          return ScopeValueError{absl::StrCat(call_name, " ", keyword.name,
                                              "=[...] entries must be bare tensor names"),
                                 e.get()};
        }
      }
      return std::nullopt;
  }
  return std::nullopt;
}

bool IsCoreScope(const Expr& scope_call) {
  if (scope_call.str == "spmd") return true;
  if (scope_call.str != "at") return false;
  const Expr* level = scope_call.FindAttr("level");
  if (level == nullptr && !scope_call.args.empty()) level = scope_call.args[0].get();
  return level != nullptr && level->kind == ExprKind::kEnum && level->str == "CORE_GROUP";
}

const Expr* SpmdCoreNum(const Expr& scope_call) {
  if (scope_call.str != "spmd") return nullptr;
  if (!scope_call.args.empty()) return scope_call.args[0].get();
  return scope_call.FindAttr("core_num");
}

absl::string_view SplitModeName(int mode) {
  switch (mode) {
    case 0: return "NONE";
    case 1: return "UP_DOWN";
    case 2: return "LEFT_RIGHT";
    default: return "";
  }
}

int SplitModeCode(absl::string_view name) {
  for (int mode = 0; mode < 3; ++mode) {
    if (SplitModeName(mode) == name) return mode;
  }
  return -1;
}

bool IsPythonKeyword(absl::string_view name) {
  static const auto* keywords = new absl::flat_hash_set<absl::string_view>{
      "False",  "None",   "True",    "and",      "as",       "assert", "async",
      "await",  "break",  "class",   "continue", "def",      "del",    "elif",
      "else",   "except", "finally", "for",      "from",     "global", "if",
      "import", "in",     "is",      "lambda",   "nonlocal", "not",    "or",
      "pass",   "raise",  "return",  "try",      "while",    "with",   "yield",
  };
  return keywords->contains(name);
}

bool IsIdentifier(absl::string_view name) {
  if (name.empty() || absl::ascii_isdigit(name[0])) return false;
  for (char c : name) {
    if (!absl::ascii_isalnum(c) && c != '_') return false;
  }
  return !IsPythonKeyword(name);
}

const Expr* Expr::FindAttr(absl::string_view name) const { return FindNamed(attrs, name); }

Expr* Expr::FindAttr(absl::string_view name) {
  return const_cast<Expr*>(FindNamed(attrs, name));
}

Var* Function::NewVar(std::string name, Type type, Location loc) {
  auto v = std::make_unique<Var>();
  v->id = vars.empty() ? 0 : vars.back()->id + 1;
  v->name = std::move(name);
  v->type = std::move(type);
  v->loc = std::move(loc);
  vars.push_back(std::move(v));
  return vars.back().get();
}

const Expr* Function::FindAttr(absl::string_view name) const {
  return FindNamed(attrs, name);
}

Function* Program::FindFunction(absl::string_view name) {
  for (auto& f : functions) {
    if (f->name == name) return f.get();
  }
  return nullptr;
}

const Function* Program::FindFunction(absl::string_view name) const {
  for (const auto& f : functions) {
    if (f->name == name) return f.get();
  }
  return nullptr;
}

ExprPtr Clone(const Expr& e) { return CloneExpr(e, nullptr); }
StmtPtr Clone(const Stmt& s) { return CloneStmt(s, nullptr); }

std::unique_ptr<Function> CloneFunction(const Function& f) {
  auto cf = std::make_unique<Function>();
  cf->name = f.name;
  cf->kind = f.kind;
  cf->return_type = f.return_type;
  cf->loc = f.loc;
  cf->has_self = f.has_self;
  cf->requires_runtime_binding = f.requires_runtime_binding;
  VarMap map;
  for (const auto& v : f.vars) {
    cf->vars.push_back(std::make_unique<Var>(*v));
    map[v.get()] = cf->vars.back().get();
  }
  for (const Param& param : f.params) {
    cf->params.push_back(Param{Remap(param.var, &map), param.direction});
  }
  for (const NamedExpr& a : f.attrs) {
    cf->attrs.push_back(NamedExpr{a.name, CloneExpr(*a.value, &map)});
  }
  for (const NamedExpr& a : f.decorator_args) {
    cf->decorator_args.push_back(NamedExpr{a.name, CloneExpr(*a.value, &map)});
  }
  if (f.body) cf->body = CloneStmt(*f.body, &map);
  return cf;
}

std::unique_ptr<Program> CloneProgram(const Program& p) {
  auto c = std::make_unique<Program>();
  c->name = p.name;
  c->options = p.options;
  c->loc = p.loc;
  c->docstring = p.docstring;
  c->dynamic_dims = p.dynamic_dims;
  for (const NamedExpr& a : p.decorator_args) {
    c->decorator_args.push_back(NamedExpr{a.name, CloneExpr(*a.value, nullptr)});
  }
  for (const auto& f : p.functions) c->functions.push_back(CloneFunction(*f));
  return c;
}

std::optional<ScopeValueError> CheckFunctionCallKeyword(const Function& callee,
                                                        absl::string_view name,
                                                        const Expr& value) {
  // PyPTO derives the role from the function type (Orchestration and
  // Graph are Orchestrators) unless role= says otherwise.
  bool orchestrator =
      callee.kind == FunctionKind::kOrchestration || callee.kind == FunctionKind::kGraph;
  for (const NamedExpr& a : callee.decorator_args) {
    if (a.name == "role" && a.value != nullptr && a.value->kind == ExprKind::kEnum) {
      orchestrator = a.value->str == "Orchestrator";
    }
  }
  if (name != "attrs" && !(name == "device" && orchestrator)) {
    return ScopeValueError{
        absl::StrCat("'", callee.name, "' takes no keyword '", name,
                     "'; a call of a program function takes attrs=",
                     orchestrator ? " and device=" : "",
                     " (device= only when the callee is an Orchestrator)"),
        nullptr};
  }
  if (name != "attrs") return std::nullopt;
  if (value.kind != ExprKind::kDict) {
    return ScopeValueError{"attrs= must be a dict literal {\"key\": value, ...}", &value};
  }
  // PyPTO: these ride pl.submit's / pl.system.task_dummy's deps=, never attrs.
  for (const NamedExpr& entry : value.attrs) {
    if (entry.name == "manual_dep_edges" || entry.name == "dummy_task") {
      return ScopeValueError{
          absl::StrCat("attrs['", entry.name, "'] on call to 'self.", callee.name,
                       "' is not a writable attr; manual dependency edges are written as "
                       "deps=[...] on pl.system.task_dummy or pl.submit"),
          entry.value != nullptr ? entry.value.get() : &value};
    }
  }
  return std::nullopt;
}

std::optional<std::string> CheckHandPlacedScope(const Function& f, const Expr* mode) {
  if (mode != nullptr && mode->str == "MANUAL") return std::nullopt;
  bool auto_scope = true;  // @pl.function's default
  for (const NamedExpr& a : f.decorator_args) {
    if (a.name == "auto_scope" && a.value->kind == ExprKind::kBool) auto_scope = a.value->bool_value;
  }
  if (!auto_scope) return std::nullopt;
  return std::string(
      "a hand-placed AUTO 'with pl.scope()' requires @pl.function(auto_scope=False)");
}

std::optional<std::string> CheckLoopStage(absl::string_view loop_kind,
                                          const std::vector<NamedExpr>& attrs) {
  const bool has_stage =
      absl::c_any_of(attrs, [](const NamedExpr& a) { return a.name == "stage"; });
  if (loop_kind == "pipeline" && !has_stage) return "pl.pipeline() requires stage=";
  if (loop_kind != "pipeline" && has_stage) {
    return absl::StrCat("stage= is only supported on pl.pipeline, not pl.", loop_kind);
  }
  return std::nullopt;
}

std::optional<ScopeValueError> CheckLoopKeyword(absl::string_view loop_kind,
                                                absl::string_view name, const Expr& value) {
  if (loop_kind == "spmd" && (name == "init_values" || name == "chunk")) {
    return ScopeValueError{absl::StrCat("pl.spmd does not accept '", name, "='"), nullptr};
  }
  const bool optimizations =
      loop_kind == "spmd" && name == "optimizations" && value.kind == ExprKind::kList;
  if (optimizations) {
    // Each entry is one pl.split(...) or pl.cross_core_slot(...), at most once.
    std::vector<absl::string_view> seen;
    for (const ExprPtr& o : value.args) {
      if (!o->is_call() || o->is_function_call ||
          (o->str != "split" && o->str != "cross_core_slot")) {
        return ScopeValueError{"Unsupported entry in pl.spmd(optimizations=[...]): use "
                               "pl.split(...) or pl.cross_core_slot(...)",
                               o.get()};
      }
      if (absl::c_linear_search(seen, o->str)) {
        return ScopeValueError{
            absl::StrCat("Duplicate 'pl.", o->str, "(...)' in pl.spmd(optimizations=[...])"),
            o.get()};
      }
      seen.push_back(o->str);
    }
  }
  const bool constant = optimizations || value.kind == ExprKind::kInt ||
                        value.kind == ExprKind::kBool || value.kind == ExprKind::kString ||
                        value.kind == ExprKind::kEnum;
  if (name == "init_values" || !constant) {
    return ScopeValueError{absl::StrCat("unexpected pl.", loop_kind, " argument '", name, "'"),
                           nullptr};
  }
  if (name == "stage" && !(value.kind == ExprKind::kInt && value.int_value >= 1)) {
    return ScopeValueError{"pl.pipeline() stage= must be a positive integer", &value};
  }
  return std::nullopt;
}

}  // namespace ptoc
