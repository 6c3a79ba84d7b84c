#include "ir/checked_math.h"

#include "absl/strings/str_cat.h"
#include "ir/diagnostics.h"

namespace ptoc {

CheckedInt RoundUp(CheckedInt v, int64_t m) {
  if (!v.ok()) return v;
  const CheckedInt up = v + (m - 1);
  if (!up.ok()) return up;
  return CheckedInt(up.value() / m) * m;
}

std::string DoesNotFitMessage(absl::string_view what) {
  return absl::StrCat(what, " does not fit in 64 bits");
}

absl::StatusOr<int64_t> FitOrError(CheckedInt v, const Location& loc, absl::string_view what) {
  if (!v.ok()) return ErrorAt(loc, DoesNotFitMessage(what));
  return v.value();
}

}  // namespace ptoc
