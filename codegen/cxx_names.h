// Names C++ device code cannot give its own: the language's keywords, the
// identifiers of the device API and of ptoc's helpers. Both targets end as
// C++ (ptoas turns PTO-AS into C++ with the kernels' names), so a kernel
// name is checked against them for either.
#ifndef PTOC_CODEGEN_CXX_NAMES_H_
#define PTOC_CODEGEN_CXX_NAMES_H_

#include <string>

#include "absl/container/flat_hash_set.h"

namespace ptoc {
namespace codegen {

const absl::flat_hash_set<std::string>& CxxReservedNames();

// A kernel's name is its entry symbol, so it cannot be renamed: true when
// it is reserved, or has "__" (reserved for the implementation).
bool IsReservedKernelName(const std::string& name);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_CXX_NAMES_H_
