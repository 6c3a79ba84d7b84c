// The enum types of PyPTO's language beyond the ones ptoc models itself
// (MemorySpace, TileLayout, DType, NotifyOp, WaitCmp): their module (pl or
// pld) and values, as PyPTO at e2d0f78 defines them.
#ifndef PTOC_IR_ENUMS_H_
#define PTOC_IR_ENUMS_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace ptoc {

struct PyptoEnum {
  std::string module;  // the one the printer writes: "pl" or "pld"
  std::string type;    // "Level"
  std::vector<std::string> values;  // in PyPTO's order
  bool Has(absl::string_view value) const;
};

// The enum `type` spelled under `module` (pl or pld), or nullptr.
const PyptoEnum* FindPyptoEnum(absl::string_view module, absl::string_view type);
// By type alone (for the printer), or nullptr.
const PyptoEnum* FindPyptoEnum(absl::string_view type);

}  // namespace ptoc

#endif  // PTOC_IR_ENUMS_H_
