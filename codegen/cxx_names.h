// Names C++ device code cannot give its own: the language's keywords, the
// identifiers of the device API and of ptoc's helpers. Both targets end as
// C++ (ptoas turns PTO-AS into C++ with the kernels' names), so a kernel's
// entry symbol avoids them for either.
#ifndef PTOC_CODEGEN_CXX_NAMES_H_
#define PTOC_CODEGEN_CXX_NAMES_H_

#include <string>

#include "absl/container/flat_hash_set.h"

namespace ptoc {
namespace codegen {

const absl::flat_hash_set<std::string>& CxxReservedNames();

// The entry symbol of kernel `name` in both targets (the .pto's func.func,
// the .cpp's function, what launchers look up): the name itself, or
// NAME_kernel when C++ or the device API reserves it (PyPTO's tests name
// kernels `main`, which ptoas would turn into a C++ `main`).
std::string KernelSymbol(const std::string& name);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_CXX_NAMES_H_
