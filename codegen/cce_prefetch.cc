// Device C++ of the async L2 prefetch, as ptoas emits it for PyPTO's
// PTO-AS (pto_prefetch.cc): a pto::PrefetchAsyncContext over the SDMA
// workspace parameter, TPREFETCH_ASYNC of the whole tensor's GlobalTensor
// (a pto::comm::AsyncEvent), the context's `session`, and `event.Wait(
// session)` (a bool). None of them orders a pipe (lowering.cc).
#include "absl/strings/str_cat.h"
#include "codegen/cce_emitter.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {

absl::StatusOr<std::optional<CceFunctionEmitter::Value>> CceFunctionEmitter::LowerPrefetchOp(
    const Expr& call, const CallLowering& plan, absl::string_view hint) {
  const OpLowering& op = *plan.op;
  const Location& loc = LocOf(call);
  // A handle operand: the C++ variable its IR variable was bound to.
  auto handle = [&](size_t i) -> absl::StatusOr<std::string> {
    const Expr& e = *call.args[i];
    if (e.kind == ExprKind::kVar) {
      auto it = scalars_.find(e.var);
      if (it != scalars_.end()) return it->second;
    }
    return ErrorAt(LocOf(e), absl::StrCat("'", call.str, "' takes a handle bound to a "
                                          "variable as argument ", i + 1));
  };
  auto declare = [&](absl::string_view type, absl::string_view base, const std::string& value) {
    const std::string name = Fresh(hint.empty() ? base : hint);
    Line(absl::StrCat(type, " ", name, " = ", value, ";"));
    return std::optional<Value>(Value{name, {}});
  };
  switch (op.kind) {
    case OpKind::kPrefetchContext:
      return declare("pto::PrefetchAsyncContext", "ctx",
                     absl::StrCat("pto::PrefetchAsyncContext(reinterpret_cast<__gm__ uint8_t*>(",
                                  sdma_workspace_, "))"));
    case OpKind::kPrefetchAsync: {
      ASSIGN_OR_RETURN(GmTensor* t, Gm(*call.args[0]));
      ASSIGN_OR_RETURN(std::string ctx, handle(1));
      const std::string gt = GlobalView(*t, t->ptr, WholeRegion(*t));
      return declare("pto::comm::AsyncEvent", "evt",
                     absl::StrCat(op.cce_name, "(", gt, ", ", ctx, ")"));
    }
    case OpKind::kPrefetchSession: {
      ASSIGN_OR_RETURN(std::string ctx, handle(0));
      return declare("pto::comm::AsyncSession", "session",
                     absl::StrCat(ctx, ".", op.cce_name));
    }
    case OpKind::kPrefetchWait: {
      ASSIGN_OR_RETURN(std::string event, handle(0));
      ASSIGN_OR_RETURN(std::string session, handle(1));
      return declare("bool", "done", absl::StrCat(event, ".", op.cce_name, "(", session, ")"));
    }
    default:
      break;
  }
  return ErrorAt(loc, absl::StrCat("'", call.str, "' is not an async prefetch op"));
}

}  // namespace codegen
}  // namespace ptoc
