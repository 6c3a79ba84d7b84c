#include "passes/hoist_output_returns.h"

#include "absl/strings/str_cat.h"
#include "ir/diagnostics.h"
#include "ir/output_returns.h"

namespace ptoc {

absl::StatusOr<bool> HoistOutputReturnsPass::Run(Program& program, PassContext&) {
  return HoistOutputReturns(program);
}

absl::Status HoistOutputReturnsPass::VerifyAfter(const Program& program) const {
  return CheckOutputReturnsHoisted(program);
}

absl::Status CheckOutputReturnsHoisted(const Program& program) {
  for (const auto& f : program.functions) {
    if (!f->is_kernel()) continue;
    if (const Expr* value = UnhoistedOutputReturn(*f); value != nullptr) {
      return ErrorAt(value->loc.known() ? value->loc : f->loc,
                     absl::StrCat("'", f->name, "' returns a ", value->str,
                                  "(...) of its output parameter: codegen needs the pass "
                                  "hoist-output-returns first (the default pipeline runs it)"));
    }
  }
  return absl::OkStatus();
}

static PassRegistration<HoistOutputReturnsPass> registration(
    "hoist-output-returns",
    "Moves a kernel's `return pl.store(t, offs, out)` into a statement before the return "
    "(`out_ret = pl.store(...)`, `return out_ret`), so the store is a statement of its own "
    "for codegen and the sync planner.");

}  // namespace ptoc
