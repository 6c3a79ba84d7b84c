// Device C++ of the local arrays (lowering_array.h), as ptoas emits them: a
// C array on the stack, its elements read and written by index.
#include "absl/strings/str_cat.h"
#include "codegen/cce_emitter.h"
#include "codegen/lowering_array.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {

absl::StatusOr<std::optional<CceFunctionEmitter::Value>> CceFunctionEmitter::LowerArrayOp(
    const Expr& call, const CallLowering& plan, absl::string_view hint) {
  if (plan.op->kind == OpKind::kArrayCreate) {
    const std::string name = Fresh(hint.empty() ? "arr" : hint);
    Line(absl::StrCat(CceType(call.type.dtype()), " ", name, "[", call.type.shape()[0].value,
                      "];"));
    return std::optional<Value>(Value{name, {}});
  }
  ASSIGN_OR_RETURN(std::string array, Scalar(*call.args[0]));
  ASSIGN_OR_RETURN(std::string index, ScalarAs(*call.args[1], DType::kINDEX));
  return std::optional<Value>(Value{Materialize(absl::StrCat(array, "[", index, "]"),
                                                call.type.dtype(), hint.empty() ? "e" : hint),
                                    {}});
}

absl::Status CceFunctionEmitter::EmitSetItem(const Stmt& s) {
  RETURN_IF_ERROR(CheckSetItem(s));
  auto it = scalars_.find(s.var);
  if (it == scalars_.end()) return ErrorAt(s.loc, absl::StrCat("'", s.var->name, "' is not set"));
  ASSIGN_OR_RETURN(std::string index, ScalarAs(*s.values[0], DType::kINDEX));
  ASSIGN_OR_RETURN(std::string value, ScalarAs(*s.value, s.var->type.dtype()));
  Line(absl::StrCat(it->second, "[", index, "] = ", value, ";"));
  return absl::OkStatus();
}

}  // namespace codegen
}  // namespace ptoc
