#include "frontend/load_program.h"

#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "ir/file_util.h"
#include "ir/serialize.h"
#include "ir/status_macros.h"

namespace ptoc {
namespace {

// Text kernels hold no control characters other than whitespace; a binary
// protobuf almost always does (field tags, lengths, NULs).
bool LooksBinary(absl::string_view contents) {
  for (unsigned char c : contents) {
    if (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != '\v') {
      return true;
    }
  }
  return false;
}

}  // namespace

absl::StatusOr<std::unique_ptr<Program>> LoadProgram(const std::string& path,
                                                     const ParseOptions& options) {
  ASSIGN_OR_RETURN(std::string contents, ReadFile(path));
  const std::string name = path == "-" ? "<stdin>" : path;
  if (absl::EndsWith(path, ".pb") || LooksBinary(contents)) {
    return DeserializeProgram(contents, name);
  }
  return ParseProgram(contents, name, options);
}

}  // namespace ptoc
