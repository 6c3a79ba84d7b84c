#include "passes/stamp_tfree_split.h"

#include <map>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "ir/builder.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/status_macros.h"
#include "ir/walk.h"

namespace ptoc {
namespace {

// The pop that bound a tile: its call and its split (0 when left out).
struct PopInfo {
  const Expr* call = nullptr;
  int64_t split = 0;
};

int64_t SplitOf(const Expr& call) {
  const Expr* split = AttrOrDefault(call, "split");
  return split != nullptr && split->kind == ExprKind::kInt ? split->int_value : 0;
}

// The direction a pop or free names: "aic" for tpop_from_aic / tfree_to_aic.
bool TowardAic(const Expr& call) { return absl::EndsWith(call.str, "_aic"); }

absl::StatusOr<bool> StampFunction(Function& f) {
  std::map<const Var*, PopInfo> pops;
  bool changed = false;
  absl::Status error = absl::OkStatus();
  WalkStmts(*f.body, [&](Stmt& s) {
    if (s.value == nullptr || !s.value->is_call() || s.value->is_function_call) {
      return WalkAction::kAdvance;
    }
    Expr& call = *s.value;
    const std::optional<OpRole> role = RoleOf(call);
    if (role == OpRole::kPop && s.kind == StmtKind::kAssign && s.var != nullptr) {
      pops[s.var] = PopInfo{&call, SplitOf(call)};
    } else if (role == OpRole::kFree && s.kind == StmtKind::kEval && !call.args.empty() &&
               call.args[0]->kind == ExprKind::kVar) {
      auto it = pops.find(call.args[0]->var);
      if (it == pops.end()) return WalkAction::kAdvance;
      if (TowardAic(*it->second.call) != TowardAic(call)) {
        error = ErrorAt(call.loc, absl::StrCat("'", call.str, "' frees '", call.args[0]->var->name,
                                               "', which '", it->second.call->str,
                                               "' popped: free a tile toward the core it came "
                                               "from"));
        return WalkAction::kStop;
      }
      if (SplitOf(call) == it->second.split) return WalkAction::kAdvance;
      bool stamped = false;
      for (NamedExpr& a : call.attrs) {
        if (a.name != "split") continue;
        a.value = MakeInt(it->second.split, call.loc);
        stamped = true;
      }
      if (!stamped) call.attrs.push_back(MakeAttr("split", MakeInt(it->second.split, call.loc)));
      changed = true;
    }
    return WalkAction::kAdvance;
  });
  if (!error.ok()) return error;
  return changed;
}

}  // namespace

absl::StatusOr<bool> StampTfreeSplitPass::Run(Program& program, PassContext&) {
  bool changed = false;
  for (const auto& f : program.functions) {
    if (!f->is_kernel() || f->body == nullptr) continue;
    ASSIGN_OR_RETURN(bool c, StampFunction(*f));
    changed |= c;
  }
  return changed;
}

static PassRegistration<StampTfreeSplitPass> registration(
    "stamp-tfree-split",
    "Gives every cross-core free the split of the pop that bound its tile (PyPTO's "
    "StampTfreeSplit): a hand-written tfree_to_aic(t) of a tile popped with split=1 frees "
    "with split=1.");

}  // namespace ptoc
