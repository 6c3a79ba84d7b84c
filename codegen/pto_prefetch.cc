// PTO-AS emission of the async L2 prefetch (prefetch.make_context,
// async_prefetch, session, wait), as PyPTO spells it
// (src/backend/common/pto_ops_prefetch.cpp): the context wraps the kernel's
// SDMA workspace parameter, the prefetch takes a partition view of the
// whole tensor, the session is a projection of the context, and the wait
// yields an i1. None of them orders a pipe (lowering.cc).
#include "absl/strings/str_cat.h"
#include "codegen/pto_emitter.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {
namespace {

constexpr char kContextType[] = "!pto.prefetch_async_context";
constexpr char kEventType[] = "!pto.async_event";
constexpr char kSessionType[] = "!pto.async_session";

}  // namespace

absl::StatusOr<std::optional<PtoFunctionEmitter::Value>> PtoFunctionEmitter::LowerPrefetchOp(
    const Expr& call, const CallLowering& plan, absl::string_view hint) {
  const OpLowering& op = *plan.op;
  const Location& loc = LocOf(call);
  // A handle operand: the value its variable was bound to.
  auto handle = [&](size_t i, absl::string_view type) -> absl::StatusOr<std::string> {
    const Expr& e = *call.args[i];
    if (e.kind == ExprKind::kVar) {
      auto it = values_.find(e.var);
      if (it != values_.end() && it->second.type == type) return it->second.name;
    }
    return ErrorAt(LocOf(e), absl::StrCat("'", call.str, "' takes a ", type,
                                          " bound to a variable as argument ", i + 1));
  };
  const std::string r = Result(hint);
  switch (op.kind) {
    case OpKind::kPrefetchContext:
      Line(absl::StrCat(r, " = pto.", op.pto_name, "(", sdma_workspace_,
                        " : !pto.ptr<i8>) -> ", kContextType),
           loc);
      return std::optional<Value>(Value{r, kContextType});
    case OpKind::kPrefetchAsync: {
      ASSIGN_OR_RETURN(GmTensor* t, Gm(*call.args[0]));
      ASSIGN_OR_RETURN(std::string ctx, handle(1, kContextType));
      const Value pv = Partition(t->view, *t, WholeRegion(*t), loc);
      Line(absl::StrCat(r, " = pto.", op.pto_name, "(", pv.name, ", ", ctx, " : ", pv.type,
                        ", ", kContextType, ") -> ", kEventType),
           loc);
      return std::optional<Value>(Value{r, kEventType});
    }
    case OpKind::kPrefetchSession: {
      ASSIGN_OR_RETURN(std::string ctx, handle(0, kContextType));
      Line(absl::StrCat(r, " = pto.", op.pto_name, " ", ctx, " : ", kContextType, " -> ",
                        kSessionType),
           loc);
      return std::optional<Value>(Value{r, kSessionType});
    }
    case OpKind::kPrefetchWait: {
      ASSIGN_OR_RETURN(std::string event, handle(0, kEventType));
      ASSIGN_OR_RETURN(std::string session, handle(1, kSessionType));
      Line(absl::StrCat(r, " = pto.", op.pto_name, "(", event, ", ", session, " : ",
                        kEventType, ", ", kSessionType, ") -> i1"),
           loc);
      return std::optional<Value>(Value{r, "i1"});
    }
    default:
      break;
  }
  return ErrorAt(loc, absl::StrCat("'", call.str, "' is not an async prefetch op"));
}

}  // namespace codegen
}  // namespace ptoc
