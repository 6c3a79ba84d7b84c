#include "passes/lower_composite_ops.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/status_macros.h"
#include "ir/walk.h"
#include "passes/composite_emitter.h"
#include "passes/composite_rules.h"

namespace ptoc {
namespace {

bool IsComposite(const Expr& e) {
  const OpInfo* info = LookupOp(e);
  return info != nullptr && info->composite != Composite::kNone;
}

// A statement the pass expands: `x = op(...)`, `op(...)` or `return
// ..., op(...), ...` of a composite op.
bool Expands(const Stmt& s) {
  if (s.kind == StmtKind::kReturn) {
    for (const ExprPtr& v : s.values) {
      if (IsComposite(*v)) return true;
    }
    return false;
  }
  const Expr* call = CallOf(s);
  return call != nullptr && IsComposite(*call);
}

// The first composite call of `f`, or nullptr.
const Expr* FirstCompositeCall(const Function& f) {
  const Expr* found = nullptr;
  ForEachStmt(*f.body, [&](const Stmt& s) {
    ForEachOwnCall(s, [&](const Expr& call) {
      if (found == nullptr && IsComposite(call)) found = &call;
    });
  });
  return found;
}

class Lowerer {
 public:
  explicit Lowerer(Function& fn) : fn_(fn) {
    for (const auto& v : fn.vars) used_.insert(v->name);
  }

  bool changed() const { return changed_; }

  // Lowers every composite call in the statement `slot` holds, replacing a
  // statement by its expansion.
  absl::Status Lower(StmtPtr& slot) {
    Stmt& s = *slot;
    if (s.kind == StmtKind::kSeq) {
      std::vector<StmtPtr> out;
      for (StmtPtr& child : s.stmts) {
        if (Expands(*child)) {
          ASSIGN_OR_RETURN(std::vector<StmtPtr> expansion, Expand(std::move(child)));
          for (StmtPtr& e : expansion) out.push_back(std::move(e));
        } else {
          RETURN_IF_ERROR(Lower(child));
          out.push_back(std::move(child));
        }
      }
      s.stmts = std::move(out);
      return absl::OkStatus();
    }
    if (Expands(s)) {
      const Location loc = s.loc;
      ASSIGN_OR_RETURN(std::vector<StmtPtr> expansion, Expand(std::move(slot)));
      slot = MakeSeq(std::move(expansion), loc);
      return absl::OkStatus();
    }
    if (s.body) RETURN_IF_ERROR(Lower(s.body));
    if (s.else_body) RETURN_IF_ERROR(Lower(s.else_body));
    return absl::OkStatus();
  }

 private:
  // The expansion of `x = op(...)` (then `x = <its value>`), `op(...)`, or
  // `return op(...)` (then `return <its value>`).
  absl::StatusOr<std::vector<StmtPtr>> Expand(StmtPtr s) {
    changed_ = true;
    if (s->kind == StmtKind::kReturn) {
      composite::Emitter e(fn_, used_, s->loc);
      for (ExprPtr& v : s->values) {
        if (!IsComposite(*v)) continue;
        composite::Emitter at(fn_, used_, v->loc.known() ? v->loc : s->loc);
        ASSIGN_OR_RETURN(v, composite::Expand(at, *v));
        for (StmtPtr& stmt : at.Take()) e.Append(std::move(stmt));
      }
      e.Append(std::move(s));
      return e.Take();
    }
    composite::Emitter e(fn_, used_, s->value->loc.known() ? s->value->loc : s->loc);
    ASSIGN_OR_RETURN(ExprPtr value, composite::Expand(e, *CallOf(*s)));
    if (s->kind == StmtKind::kAssign) e.Append(MakeAssign(s->var, std::move(value), s->loc));
    return e.Take();
  }

  Function& fn_;
  std::set<std::string> used_;
  bool changed_ = false;
};

}  // namespace

absl::StatusOr<bool> LowerCompositeOpsPass::Run(Program& program, PassContext&) {
  bool changed = false;
  for (auto& f : program.functions) {
    // PyPTO lowers a host orchestrator's collectives in other passes; ptoc
    // compiles kernels only.
    if (!f->is_kernel()) continue;
    Lowerer lowerer(*f);
    RETURN_IF_ERROR(lowerer.Lower(f->body));
    changed = changed || lowerer.changed();
    if (const Expr* left = FirstCompositeCall(*f); left != nullptr) {
      return ErrorAt(left->loc.known() ? left->loc : f->loc,
                     absl::StrCat("'", left->str,
                                  "' inside an expression: a composite op is "
                                  "expanded only as a statement of its own (`x = op(...)`, "
                                  "`op(...)`, `return op(...)`)"));
    }
  }
  return changed;
}

absl::Status LowerCompositeOpsPass::VerifyAfter(const Program& program) const {
  return CheckNoCompositeOps(program);
}

absl::Status CheckNoCompositeOps(const Program& program) {
  for (const auto& f : program.functions) {
    if (!f->is_kernel()) continue;
    if (const Expr* found = FirstCompositeCall(*f); found != nullptr) {
      return ErrorAt(found->loc.known() ? found->loc : f->loc,
                     absl::StrCat("'", f->name, "' calls the composite op '", found->str,
                                  "': codegen needs the pass lower-composite-ops first (the "
                                  "default pipeline runs it)"));
    }
  }
  return absl::OkStatus();
}

static PassRegistration<LowerCompositeOpsPass> registration(
    "lower-composite-ops",
    "Expands PyPTO's composite collectives (pld.tensor.allreduce, allgather, reduce_scatter, "
    "broadcast, barrier, all_to_all, all_to_all_v) in kernels into the notify / wait / "
    "remote-load / store sequences PyPTO's LowerCompositeOps generates, and tile.sin / "
    "tile.cos into its polynomial of vector ops.");

}  // namespace ptoc
