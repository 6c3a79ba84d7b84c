#include "codegen/lowering_array.h"

#include "absl/strings/str_cat.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace codegen {
namespace {

absl::Status CheckArray(const Type& array, const Expr* index, const Location& loc) {
  const DType d = array.dtype();
  if (!array.is_array() || !(IsIntegerDType(d) || d == DType::kBOOL) ||
      d == DType::kTASK_ID) {
    return ErrorAt(loc, absl::StrCat("a kernel's pl.Array holds integers or BOOL, not ",
                                     TypeToString(array),
                                     " (TASK_ID arrays are the orchestration's)"));
  }
  if (index != nullptr && index->kind == ExprKind::kInt) {
    const int64_t extent = array.shape()[0].value;
    if (index->int_value < 0 || index->int_value >= extent) {
      return ErrorAt(loc, absl::StrCat("index ", index->int_value, " is outside ",
                                       TypeToString(array), " (0 to ", extent - 1, ")"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckArrayCall(const Expr& call, const Location& loc) {
  if (call.args.size() == 2) return CheckArray(call.args[0]->type, call.args[1].get(), loc);
  return CheckArray(call.type, nullptr, loc);
}

absl::Status CheckSetItem(const Stmt& s) {
  return CheckArray(s.var->type, s.values.empty() ? nullptr : s.values[0].get(), s.loc);
}

}  // namespace codegen
}  // namespace ptoc
