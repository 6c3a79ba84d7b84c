// Unique, valid names for the values of one generated function.
#ifndef PTOC_CODEGEN_NAMER_H_
#define PTOC_CODEGEN_NAMER_H_

#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"

namespace ptoc {
namespace codegen {

class Namer {
 public:
  // Names in `reserved` are never handed out (keywords, API identifiers).
  explicit Namer(const absl::flat_hash_set<std::string>* reserved = nullptr)
      : reserved_(reserved) {}

  // `base` if free, else base_1, base_2, ... (the first free one). An
  // empty base becomes "v".
  std::string Fresh(absl::string_view base);

 private:
  bool Taken(const std::string& name) const;

  const absl::flat_hash_set<std::string>* reserved_;
  absl::flat_hash_set<std::string> used_;
  // The suffix to try first for a base: every smaller one was taken when
  // last tried, and names are never released, so the search resumes there
  // (otherwise the k-th use of a base costs k lookups: quadratic).
  absl::flat_hash_map<std::string, int> next_suffix_;
};

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_NAMER_H_
