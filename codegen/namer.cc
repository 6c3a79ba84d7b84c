#include "codegen/namer.h"

#include "absl/strings/str_cat.h"

namespace ptoc {
namespace codegen {

bool Namer::Taken(const std::string& name) const {
  return used_.contains(name) || (reserved_ != nullptr && reserved_->contains(name));
}

std::string Namer::Fresh(absl::string_view base) {
  std::string name = base.empty() ? "v" : std::string(base);
  if (Taken(name)) {
    int& next = next_suffix_[name];
    for (int i = next + 1;; ++i) {
      std::string candidate = absl::StrCat(name, "_", i);
      if (!Taken(candidate)) {
        next = i;
        name = std::move(candidate);
        break;
      }
    }
  }
  used_.insert(name);
  return name;
}

}  // namespace codegen
}  // namespace ptoc
