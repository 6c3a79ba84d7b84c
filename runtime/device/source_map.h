// From a place in the emitted .cpp to the kernel line it came from: the cce
// emitter writes a `// file.py:LINE` comment before the code of every
// statement, so a device-API call belongs to the nearest such comment above
// it. The column is that kernel line's first non-blank character (the
// statement's start), so reports quote and point at the statement.
#ifndef PTOC_RUNTIME_DEVICE_SOURCE_MAP_H_
#define PTOC_RUNTIME_DEVICE_SOURCE_MAP_H_

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/ir.h"

namespace ptoc {
namespace sim {

class SourceMap {
 public:
  // Reads the .cpp at `cpp_path`. Error: the file cannot be read.
  static absl::StatusOr<SourceMap> FromFile(const std::string& cpp_path);

  // The kernel location of `line` of a file named `file` (as __builtin_FILE
  // gives it). A file other than the mapped .cpp, or a line above every
  // kernel comment, stays a place in that file. The pointer lives as long
  // as the map.
  const Location* Locate(const char* file, int line);

 private:
  std::string cpp_name_;               // the .cpp's base name
  std::vector<Location> kernel_line_;  // per .cpp line (index 0 unused); line 0: none
  std::map<std::string, std::unique_ptr<Location>> interned_;
};

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_DEVICE_SOURCE_MAP_H_
