#include "runtime/device/source_map.h"

#include <fstream>
#include <sstream>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "ir/diagnostics.h"

namespace ptoc {
namespace sim {
namespace {

std::string BaseName(absl::string_view path) {
  size_t slash = path.rfind('/');
  return std::string(slash == absl::string_view::npos ? path : path.substr(slash + 1));
}

// The kernel place a `// file.py:LINE` comment names, or line 0.
Location KernelComment(absl::string_view text) {
  absl::string_view s = absl::StripAsciiWhitespace(text);
  if (!absl::ConsumePrefix(&s, "// ")) return Location{};
  size_t colon = s.rfind(':');
  int line = 0;
  if (colon == absl::string_view::npos || !absl::EndsWith(s.substr(0, colon), ".py") ||
      s.substr(0, colon).find(' ') != absl::string_view::npos ||
      !absl::SimpleAtoi(s.substr(colon + 1), &line) || line <= 0) {
    return Location{};
  }
  Location loc{std::string(s.substr(0, colon)), line, 1};
  if (std::optional<std::string> source = SourceFiles::Get().Line(loc.file, line)) {
    size_t first = source->find_first_not_of(" \t");
    if (first != std::string::npos) loc.col = static_cast<int>(first) + 1;
  }
  return loc;
}

}  // namespace

absl::StatusOr<SourceMap> SourceMap::FromFile(const std::string& cpp_path) {
  std::ifstream in(cpp_path, std::ios::binary);
  if (!in) return absl::InvalidArgumentError(absl::StrCat("error: cannot read ", cpp_path));
  std::stringstream buffer;
  buffer << in.rdbuf();
  SourceMap map;
  map.cpp_name_ = BaseName(cpp_path);
  map.kernel_line_.emplace_back();
  Location current;
  for (absl::string_view text : absl::StrSplit(buffer.str(), '\n')) {
    Location comment = KernelComment(text);
    if (comment.known()) current = comment;
    map.kernel_line_.push_back(current);
  }
  return map;
}

const Location* SourceMap::Locate(const char* file, int line) {
  const std::string name = file == nullptr ? "" : file;
  const bool mapped = BaseName(name) == cpp_name_ && line > 0 &&
                      line < static_cast<int>(kernel_line_.size()) && kernel_line_[line].known();
  const std::string key = mapped ? absl::StrCat(":", line) : absl::StrCat(name, ":", line);
  std::unique_ptr<Location>& slot = interned_[key];
  if (slot == nullptr) {
    slot = std::make_unique<Location>(mapped ? kernel_line_[line] : Location{name, line, 1});
  }
  return slot.get();
}

}  // namespace sim
}  // namespace ptoc
