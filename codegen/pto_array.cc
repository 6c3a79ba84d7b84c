// PTO-AS of the local arrays (lowering_array.h), as PyPTO spells them:
// pto.declare_local_array, pto.local_array_get, pto.local_array_set.
#include "absl/strings/str_cat.h"
#include "codegen/lowering_array.h"
#include "codegen/pto_emitter.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {
namespace {

std::string LocalArrayType(const Type& array) {
  return absl::StrCat("!pto.local_array<", array.shape()[0].value, "x",
                      PtoScalarType(array.dtype()), ">");
}

}  // namespace

absl::StatusOr<std::optional<PtoFunctionEmitter::Value>> PtoFunctionEmitter::LowerArrayOp(
    const Expr& call, const CallLowering& plan, absl::string_view hint) {
  const Location& loc = LocOf(call);
  const std::string r = Result(hint);
  if (plan.op->kind == OpKind::kArrayCreate) {
    const std::string type = LocalArrayType(call.type);
    Line(absl::StrCat(r, " = pto.", plan.op->pto_name, " -> ", type), loc);
    return std::optional<Value>(Value{r, type});
  }
  ASSIGN_OR_RETURN(Value array, Lower(*call.args[0]));
  ASSIGN_OR_RETURN(std::string index, LowerIndex(*call.args[1]));
  const std::string element = PtoScalarType(call.type.dtype());
  Line(absl::StrCat(r, " = pto.", plan.op->pto_name, " ", array.name, "[", index, "] : ",
                    array.type, " -> ", element),
       loc);
  return std::optional<Value>(Value{r, element});
}

absl::Status PtoFunctionEmitter::EmitSetItem(const Stmt& s) {
  RETURN_IF_ERROR(CheckSetItem(s));
  auto it = values_.find(s.var);
  if (it == values_.end()) return ErrorAt(s.loc, absl::StrCat("'", s.var->name, "' is not set"));
  ASSIGN_OR_RETURN(std::string index, LowerIndex(*s.values[0]));
  // PyPTO's EmitLocalArrayValue: the value in the element type.
  ASSIGN_OR_RETURN(std::string value, LowerAs(*s.value, s.var->type.dtype()));
  Line(absl::StrCat("pto.local_array_set ", it->second.name, "[", index, "], ", value, " : ",
                    it->second.type, ", ", PtoScalarType(s.var->type.dtype())),
       s.loc);
  return absl::OkStatus();
}

}  // namespace codegen
}  // namespace ptoc
