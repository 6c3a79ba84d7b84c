#include "passes/mixed_kernel/deferred_wait.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/registry.h"
#include "ir/walk.h"

namespace ptoc {
namespace mixed_kernel {
namespace {

// The runtime's completion conditions per task (PyPTO's
// kMaxDeferredConditionsPerWaiter).
constexpr int64_t kMaxConditions = 64;
constexpr const char* kWaiterAttr = "deferred_completion_waiter";

const Location& At(const Expr& e, const Location& fallback) {
  return e.loc.known() ? e.loc : fallback;
}

bool IsDeferWait(const Expr& e) {
  if (e.kind != ExprKind::kCall || e.is_function_call) return false;
  const OpInfo* info = LookupOp(e);
  return info != nullptr && info->deferred_wait;
}

bool HoldsDeferWait(const Stmt& s) {
  bool found = false;
  ForEachCall(s, [&](const Expr& call) { found = found || IsDeferWait(call); });
  return found;
}

bool IsTrue(const Expr* e) { return e != nullptr && e->kind == ExprKind::kBool && e->bool_value; }

// A key of a call's attrs={...} dict, or null.
const Expr* DictEntry(const Expr& call, absl::string_view key) {
  for (const NamedExpr& a : call.attrs) {
    if (!IsCallAttrsDict(a)) continue;
    for (const NamedExpr& entry : a.value->attrs) {
      if (entry.name == key) return entry.value.get();
    }
  }
  return nullptr;
}

// What a statement of a waiter body does, for the statements after it.
struct Summary {
  bool registers = false;  // holds a defer_wait
  int64_t count = 0;       // the most registrations it can make (saturated past the limit)
  bool safe_after = true;  // may run once a registration has been made
};

// The body contract (PyPTO's DeferredWaitContractValidator).
class BodyContract {
 public:
  explicit BodyContract(DiagnosticSink* d) : d_(d) {}

  // Checks `body`, then the registration budget, reported at `where`.
  void Check(const Stmt& body, const Location& where) {
    const Summary s = Of(body);
    if (s.count > kMaxConditions) {
      d_->Error(where, absl::StrCat("deferred waiter supports at most ", kMaxConditions,
                                    " conditions, but may statically register more"));
    }
  }

 private:
  enum class Effect { kPure, kTensorRead };

  Summary Of(const Stmt& s) {
    switch (s.kind) {
      case StmtKind::kSeq: {
        Summary total;
        bool started = false;
        for (const StmtPtr& child : s.stmts) {
          const Summary c = Of(*child);
          if (started && !c.safe_after) {
            d_->Error(child->loc,
                      "deferred waiter cannot execute tensor reads, payload, cache, "
                      "communication, or continuation work after pld.system.defer_wait "
                      "registration begins");
          }
          started = started || c.registers;
          total.registers = total.registers || c.registers;
          total.count = std::min(total.count + c.count, kMaxConditions + 1);
          total.safe_after = total.safe_after && c.safe_after;
        }
        return total;
      }
      case StmtKind::kEval:
        return Registration(*s.value, s.loc);
      case StmtKind::kAssign: {
        if (IsDeferWait(*s.value)) {
          d_->Error(s.loc, "pld.system.defer_wait is side-effect-only and must be used as a "
                           "standalone statement");
          return Summary{};
        }
        if (s.var->type.is_tensor() || s.var->type.is_tile()) {
          d_->Error(s.loc, "deferred waiter is registration-only and cannot create or update "
                           "payload tensors");
          return Summary{};
        }
        return Summary{false, 0, Scalar(*s.value, s.loc, /*allow_read=*/true) == Effect::kPure};
      }
      case StmtKind::kReturn:
        if (!s.values.empty()) {
          d_->Error(s.loc, "deferred waiter is registration-only and cannot return a value");
        }
        return Summary{};
      case StmtKind::kYield:
        for (const ExprPtr& v : s.values) Scalar(*v, s.loc, /*allow_read=*/false);
        return Summary{};
      case StmtKind::kIf: {
        Scalar(*s.value, s.loc, /*allow_read=*/false);
        const Summary then_part = Of(*s.body);
        const Summary else_part = s.else_body ? Of(*s.else_body) : Summary{};
        return Summary{then_part.registers || else_part.registers,
                       std::max(then_part.count, else_part.count),
                       then_part.safe_after && else_part.safe_after};
      }
      case StmtKind::kFor:
        return Loop(s);
      default:
        d_->Error(s.loc, "deferred waiter body supports only scalar assignments/control flow "
                         "and pld.system.defer_wait registrations");
        return Summary{};
    }
  }

  Summary Loop(const Stmt& s) {
    if (!s.loop_kind.empty() && s.loop_kind != "unroll") {
      d_->Error(s.loc, "deferred waiter supports only sequential/unrolled scalar registration "
                       "loops");
      return Summary{};
    }
    for (const Expr* bound : {s.start.get(), s.stop.get(), s.step.get()}) {
      if (bound != nullptr) Scalar(*bound, s.loc, /*allow_read=*/false);
    }
    Summary body = Of(*s.body);
    if (!body.registers) return body;
    const Expr* start = s.start.get();
    const Expr* stop = s.stop.get();
    const Expr* step = s.step.get();
    int64_t trips = 0;
    if (start != nullptr && stop != nullptr && step != nullptr && start->kind == ExprKind::kInt &&
        stop->kind == ExprKind::kInt && step->kind == ExprKind::kInt && step->int_value > 0 &&
        stop->int_value > start->int_value) {
      trips = (stop->int_value - start->int_value + step->int_value - 1) / step->int_value;
    }
    if (trips <= 0) {
      d_->Error(s.loc, "deferred waiter registration loop must have a statically known positive "
                       "trip count so the per-waiter condition budget can be proved");
      return body;
    }
    if (trips > 1 && !body.safe_after) {
      d_->Error(s.loc, "deferred waiter loop may execute tensor reads or continuation work after "
                       "registering its first condition; loop bodies may contain only pure "
                       "scalar bookkeeping, control flow, and defer_wait registrations");
    }
    body.count = body.count > kMaxConditions / trips ? kMaxConditions + 1 : body.count * trips;
    return body;
  }

  Summary Registration(const Expr& call, const Location& at) {
    if (!IsDeferWait(call)) {
      d_->Error(At(call, at), absl::StrCat("deferred waiter is registration-only; unexpected "
                                           "operation '", call.str, "'"));
      return Summary{};
    }
    for (size_t i = 1; i < call.args.size(); ++i) Scalar(*call.args[i], at, /*allow_read=*/false);
    return Summary{true, 1, true};
  }

  // Scalar bookkeeping: operators, constants, names, pure scalar ops of
  // scalar operands (PyPTO's cast / min / max nodes) and, when `allow_read`,
  // a tensor.read.
  Effect Scalar(const Expr& e, const Location& at, bool allow_read) {
    if (e.type.is_tensor() || e.type.is_tile()) {
      d_->Error(At(e, at), "deferred waiter scalar bookkeeping cannot produce a tensor value");
      return Effect::kPure;
    }
    switch (e.kind) {
      case ExprKind::kVar: case ExprKind::kInt: case ExprKind::kFloat: case ExprKind::kBool:
        return Effect::kPure;
      case ExprKind::kBinary: case ExprKind::kUnary: case ExprKind::kList: case ExprKind::kTuple:
      case ExprKind::kTupleGetItem: {
        Effect effect = Effect::kPure;
        for (const ExprPtr& a : e.args) {
          if (Scalar(*a, at, allow_read) == Effect::kTensorRead) effect = Effect::kTensorRead;
        }
        return effect;
      }
      case ExprKind::kCall:
        return ScalarCall(e, at, allow_read);
      default:
        d_->Error(At(e, at), "deferred waiter scalar bookkeeping contains an unsupported "
                             "expression");
        return Effect::kPure;
    }
  }

  Effect ScalarCall(const Expr& call, const Location& at, bool allow_read) {
    const std::optional<OpRole> role = call.is_function_call ? std::nullopt : RoleOf(call);
    const bool scalar_operands =
        !call.args.empty() && std::all_of(call.args.begin(), call.args.end(), [](const ExprPtr& a) {
          return a->type.is_scalar();
        });
    if (role == OpRole::kPureScalar && scalar_operands) {
      for (const ExprPtr& a : call.args) Scalar(*a, at, allow_read);
      return Effect::kPure;
    }
    if (role == OpRole::kScalarRead && allow_read) {
      for (size_t i = 1; i < call.args.size(); ++i) Scalar(*call.args[i], at, /*allow_read=*/false);
      return Effect::kTensorRead;
    }
    d_->Error(At(call, at), absl::StrCat("deferred waiter scalar bookkeeping supports only a "
                                         "pre-registration tensor.read call; unexpected "
                                         "operation '", call.str, "'"));
    return Effect::kPure;
  }

  DiagnosticSink* d_;
};

// The scopes that launch a task of their own: a waiter nested in one would
// have the outer launch own its dispatch (PyPTO's "task-level" rule).
bool LaunchesTask(const Stmt& s) {
  if (s.kind == StmtKind::kFor) return s.loop_kind == "spmd";
  if (s.kind != StmtKind::kScope || s.value == nullptr) return false;
  return s.value->str == "at" || s.value->str == "spmd" || s.value->str == "cluster";
}

bool IsCoreGroupTask(const Stmt& s) {
  if (s.kind != StmtKind::kScope || s.value == nullptr || s.value->str != "at") return false;
  const Expr* level = s.value->FindAttr("level");
  return level != nullptr && level->kind == ExprKind::kEnum && level->str == "CORE_GROUP";
}

// Deferred waits written in an orchestration function: each in the body of a
// task-level pl.at(level=CORE_GROUP) scope, which keeps the body contract.
void CheckTaskScopes(const Function& f, const Stmt& s, const Stmt* launcher,
                     BodyContract& contract, DiagnosticSink* d) {
  if (IsCoreGroupTask(s) && HoldsDeferWait(*s.body)) {
    if (launcher != nullptr) {
      d->Error(s.loc, "pld.system.defer_wait must be in a task-level pl.at(CORE_GROUP) scope; "
                      "nesting the waiter under pl.spmd or another task-launch scope is "
                      "unsupported because the outer launch owns dispatch predicate and "
                      "early-resolve semantics");
      d->Note(launcher->loc, "the enclosing task launch");
    }
    if (IsTrue(s.value->FindAttr("allow_early_resolve"))) {
      d->Error(s.loc, "pld.system.defer_wait task cannot use allow_early_resolve=True");
    }
    contract.Check(*s.body, s.loc);
    return;
  }
  if (const Expr* call = CallOf(s); call != nullptr && IsDeferWait(*call)) {
    if (launcher != nullptr) {
      d->Error(launcher->loc, "pld.system.defer_wait must be the body of a CORE_GROUP / InCore "
                              "task");
    } else {
      d->Error(At(*call, s.loc), absl::StrCat(
          "pld.system.defer_wait in function '", f.name, "' bypasses the deferred-waiter task "
          "contract: write it in a task-level `with pl.at(level=pl.Level.CORE_GROUP)` scope, or "
          "in an InCore function marked pl.func_attr({\"", kWaiterAttr, "\": True})"));
    }
  }
  const Stmt* inner = LaunchesTask(s) ? &s : launcher;
  for (const Stmt* child : ChildrenOf(s)) CheckTaskScopes(f, *child, inner, contract, d);
}

// A waiter function's own rules (PyPTO's audit in ExpandMixedKernel).
void CheckWaiterFunction(const Function& f, BodyContract& contract, DiagnosticSink* d) {
  if (!IsTrue(f.FindAttr(kWaiterAttr))) {
    d->Error(f.loc, absl::StrCat(
        "pld.system.defer_wait in function '", f.name, "' bypasses the deferred-waiter task "
        "contract: mark the function pl.func_attr({\"", kWaiterAttr, "\": True}) and call it "
        "from an Orchestration function, or write the wait in a task-level "
        "`with pl.at(level=pl.Level.CORE_GROUP)` scope"));
    return;
  }
  if (f.kind != FunctionKind::kInCore && f.kind != FunctionKind::kAIV) {
    d->Error(f.loc, absl::StrCat("deferred waiter '", f.name, "' must be an InCore function "
                                 "or its pure-AIV form, not ", FunctionKindName(f.kind)));
  }
  if (f.FindAttr("core_num") != nullptr || IsTrue(f.FindAttr("sync_start"))) {
    d->Error(f.loc, absl::StrCat("deferred waiter '", f.name, "' must be a single-block task "
                                 "and cannot carry core_num or sync_start"));
  }
  contract.Check(*f.body, f.loc);
}

// Every call of a waiter function: a task of an Orchestration function,
// dispatched as one block, unconditionally, never early.
void CheckWaiterCalls(const Program& program, const std::set<std::string>& waiters,
                      std::set<std::string>* called, DiagnosticSink* d) {
  for (const auto& caller : program.functions) {
    if (!caller->body) continue;
    ForEachCall(*caller->body, [&](const Expr& call) {
      const OpInfo* info = call.is_function_call ? nullptr : LookupOp(call);
      const bool submit = info != nullptr && info->callee_arg && !call.args.empty() &&
                          call.args[0]->kind == ExprKind::kString;
      const std::string& name = submit ? call.args[0]->str : call.str;
      if ((!call.is_function_call && !submit) || waiters.count(name) == 0) return;
      called->insert(name);
      auto attr = [&](absl::string_view key) {
        return submit ? call.FindAttr(key) : DictEntry(call, key);
      };
      if (caller->kind != FunctionKind::kOrchestration) {
        d->Error(call.loc, absl::StrCat("deferred waiter '", name, "' must be dispatched "
                                        "directly from an Orchestration function, not from ",
                                        FunctionKindName(caller->kind), " '", caller->name, "'"));
      }
      if (IsTrue(attr("allow_early_resolve"))) {
        d->Error(call.loc, absl::StrCat("deferred waiter '", name,
                                        "' cannot use allow_early_resolve=True"));
      }
      if (attr("predicate") != nullptr) {
        d->Error(call.loc, absl::StrCat("deferred waiter '", name,
                                        "' cannot use a dispatch predicate"));
      }
      if (attr("core_num") != nullptr || IsTrue(attr("sync_start"))) {
        d->Error(call.loc, absl::StrCat("deferred waiter '", name, "' must be a single-block "
                                        "task and cannot use core_num or sync_start"));
      }
    });
  }
}

}  // namespace

void CheckDeferredWaiters(const Program& program, DiagnosticSink* d) {
  BodyContract contract(d);
  std::set<std::string> waiters;
  for (const auto& f : program.functions) {
    if (!f->body || !HoldsDeferWait(*f->body)) continue;
    if (f->kind == FunctionKind::kOrchestration) {
      CheckTaskScopes(*f, *f->body, nullptr, contract, d);
      continue;
    }
    CheckWaiterFunction(*f, contract, d);
    waiters.insert(f->name);
  }
  if (waiters.empty()) return;
  std::set<std::string> called;
  CheckWaiterCalls(program, waiters, &called, d);
  for (const auto& f : program.functions) {
    if (waiters.count(f->name) != 0 && called.count(f->name) == 0 &&
        IsTrue(f->FindAttr(kWaiterAttr))) {
      d->Error(f->loc, absl::StrCat("deferred waiter '", f->name, "' has no task-level "
                                    "Orchestration call site; the ", kWaiterAttr,
                                    " attribute alone is not a deferred-completion contract"));
    }
  }
}

}  // namespace mixed_kernel
}  // namespace ptoc
