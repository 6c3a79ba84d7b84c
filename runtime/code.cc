#include "runtime/code.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/status_macros.h"
#include "ir/walk.h"
#include "passes/comm_effects.h"

namespace ptoc {
namespace sim {
namespace {

bool IsBlocking(OpRole role) {
  return role == OpRole::kWait || role == OpRole::kPush || role == OpRole::kPop ||
         role == OpRole::kSyncAll;
}

// Checks every call inside `e`; `top` is true for the call a statement
// consists of.
absl::Status CheckExpr(const Expr& e, bool top) {
  if (e.kind == ExprKind::kCall) {
    if (e.is_function_call) {
      return ErrorAt(e.loc, absl::StrCat("ptoc-sim cannot run a call of function '", e.str,
                                         "' inside a kernel; inline it first"));
    }
    std::optional<OpRole> role = RoleOf(e);
    if (!role.has_value()) {
      return ErrorAt(e.loc, absl::StrCat("ptoc-sim cannot run the unregistered op '",
                                         e.str, "'"));
    }
    if (!top && IsBlocking(*role)) {
      return ErrorAt(e.loc, absl::StrCat("ptoc-sim needs '", e.str,
                                         "' to be a statement of its own"));
    }
  }
  for (const ExprPtr& a : e.args) {
    RETURN_IF_ERROR(CheckExpr(*a, false));
  }
  for (const NamedExpr& a : e.attrs) {
    RETURN_IF_ERROR(CheckExpr(*a.value, false));
  }
  return absl::OkStatus();
}

// Statements become instructions, one kind at a time.
class Compiler : public StmtVisitor<Compiler, absl::Status> {
 public:
  explicit Compiler(FunctionCode* code) : code_(code) {}

  absl::Status Emit(const Stmt& s) { return Visit(s); }

 private:
  friend StmtVisitor<Compiler, absl::Status>;

  absl::Status VisitSeq(const Stmt& s) {
    return TryForEachChild(s, [this](const Stmt& c) { return Emit(c); });
  }

  absl::Status VisitAssign(const Stmt& s) { return VisitEval(s); }

  absl::Status VisitEval(const Stmt& s) {
    if (s.value) {
      RETURN_IF_ERROR(CheckExpr(*s.value, true));
    }
    Instr exec{InstrKind::kExec, &s};
    if (s.value && s.value->kind == ExprKind::kCall) exec.op = LookupOp(*s.value);
    Add(exec);
    return absl::OkStatus();
  }

  // `arr[i] = value`: run like an assignment, into the array's element.
  absl::Status VisitSetItem(const Stmt& s) {
    RETURN_IF_ERROR(CheckExpr(*s.values[0], false));
    return VisitEval(s);
  }

  absl::Status VisitFor(const Stmt& s) { return EmitFor(s); }

  absl::Status VisitWhile(const Stmt& s) {
    RETURN_IF_ERROR(CheckExpr(*s.value, false));
    for (const ExprPtr& e : s.init_values) RETURN_IF_ERROR(CheckExpr(*e, false));
    const bool carries = !s.iter_args.empty();
    if (carries) Add({InstrKind::kCarryInit, &s});
    int check = Add({InstrKind::kBranch, &s});
    if (carries) owners_.push_back(&s);
    absl::Status st = EmitBody(s.body);
    if (carries) owners_.pop_back();
    RETURN_IF_ERROR(st);
    Instr back{InstrKind::kJump, &s};
    back.target = check;
    Add(back);
    Patch(check);
    return absl::OkStatus();
  }

  absl::Status VisitIf(const Stmt& s) { return EmitIf(s); }

  absl::Status VisitYield(const Stmt& s) {
    if (owners_.empty()) {
      return ErrorAt(s.loc, "pl.yield_ outside a loop or a branch with results");
    }
    for (const ExprPtr& v : s.values) {
      RETURN_IF_ERROR(CheckExpr(*v, false));
    }
    Instr y{InstrKind::kYield, &s};
    y.owner = owners_.back();
    Add(y);
    return absl::OkStatus();
  }

  absl::Status VisitReturn(const Stmt& s) {
    Add({InstrKind::kEnd, &s});
    return absl::OkStatus();
  }

  // A PyPTO scope, break, continue, tuple unpacking or pl.split_aiv region.
  absl::Status VisitStmt(const Stmt& s) {
    return ErrorAt(s.loc, "the simulator does not run this statement yet "
                          "(a PyPTO scope, break, continue or tuple unpacking)");
  }

  int Add(Instr i) {
    code_->instrs.push_back(i);
    return static_cast<int>(code_->instrs.size()) - 1;
  }
  // Points the jump of instruction `at` to the next instruction emitted.
  void Patch(int at) { code_->instrs[at].target = static_cast<int>(code_->instrs.size()); }

  absl::Status EmitBody(const StmtPtr& body) {
    return body ? Emit(*body) : absl::OkStatus();
  }

  absl::Status EmitFor(const Stmt& s) {
    for (const ExprPtr* e : {&s.start, &s.stop, &s.step}) {
      if (*e) {
        RETURN_IF_ERROR(CheckExpr(**e, false));
      }
    }
    int loop = code_->num_loops++;
    Instr init{InstrKind::kForInit, &s};
    init.loop = loop;
    Add(init);
    Instr check{InstrKind::kForCheck, &s};
    check.loop = loop;
    int check_at = Add(check);
    owners_.push_back(&s);
    absl::Status st = EmitBody(s.body);
    owners_.pop_back();
    if (!st.ok()) return st;
    Instr next{InstrKind::kForNext, &s};
    next.loop = loop;
    next.target = check_at;
    Add(next);
    Patch(check_at);
    return absl::OkStatus();
  }

  absl::Status EmitIf(const Stmt& s) {
    RETURN_IF_ERROR(CheckExpr(*s.value, false));
    int branch = Add({InstrKind::kBranch, &s});
    bool owns = !s.results.empty();
    if (owns) owners_.push_back(&s);
    absl::Status st = EmitBody(s.body);
    if (st.ok() && s.else_body) {
      int skip = Add({InstrKind::kJump, &s});
      Patch(branch);
      st = EmitBody(s.else_body);
      Patch(skip);
    } else {
      Patch(branch);
    }
    if (owns) owners_.pop_back();
    return st;
  }

  FunctionCode* code_;
  std::vector<const Stmt*> owners_;
};

}  // namespace

absl::StatusOr<FunctionCode> CompileFunction(const Function& function) {
  FunctionCode code;
  code.function = &function;
  code.implicit_peer_invalidates = !NamesPeerInvalidates(function);
  for (const auto& v : function.vars) code.num_vars = std::max(code.num_vars, v->id + 1);
  for (const Param& p : function.params) {
    if (p.var != nullptr) code.num_vars = std::max(code.num_vars, p.var->id + 1);
  }
  Compiler compiler(&code);
  if (function.body) {
    RETURN_IF_ERROR(compiler.Emit(*function.body));
  }
  code.instrs.push_back(Instr{InstrKind::kEnd, nullptr});
  return code;
}

}  // namespace sim
}  // namespace ptoc
