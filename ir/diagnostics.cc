#include "ir/diagnostics.h"

#include <sys/stat.h>

#include <fstream>
#include <sstream>

#include "absl/strings/cord.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

namespace ptoc {
namespace {

absl::string_view SeverityName(Severity s) {
  switch (s) {
    case Severity::kError: return "error";
    case Severity::kWarning: return "warning";
    case Severity::kNote: return "note";
  }
  return "error";
}

}  // namespace

SourceFiles& SourceFiles::Get() {
  static SourceFiles* files = new SourceFiles();
  return *files;
}

void SourceFiles::Add(std::string file, std::string contents) {
  for (auto& [name, text] : files_) {
    if (name == file) {
      text = std::move(contents);
      return;
    }
  }
  files_.emplace_back(std::move(file), std::move(contents));
}

std::optional<std::string> SourceFiles::Line(const std::string& file, int line) {
  const std::string* text = nullptr;
  for (const auto& [name, contents] : files_) {
    if (name == file) text = &contents;
  }
  if (text == nullptr) {
    // Only a regular file: a path recorded in a .pb may name a device or a
    // FIFO (/dev/zero, /dev/stdin) that would never finish reading.
    struct stat st;
    if (stat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    std::stringstream buffer;
    buffer << in.rdbuf();
    files_.emplace_back(file, buffer.str());
    text = &files_.back().second;
  }
  int current = 1;
  size_t begin = 0;
  while (current < line) {
    size_t nl = text->find('\n', begin);
    if (nl == std::string::npos) return std::nullopt;
    begin = nl + 1;
    ++current;
  }
  if (begin > text->size()) return std::nullopt;
  size_t end = text->find('\n', begin);
  std::string result = text->substr(begin, end == std::string::npos ? end : end - begin);
  if (!result.empty() && result.back() == '\r') result.pop_back();
  return result;
}

std::string FormatDiagnostic(Severity severity, const Location& loc,
                             absl::string_view message) {
  std::string out;
  if (loc.known()) {
    absl::StrAppend(&out, loc.file.empty() ? "<input>" : loc.file.str(), ":", loc.line, ":",
                    loc.col, ": ");
  } else if (!loc.file.empty()) {
    absl::StrAppend(&out, loc.file.str(), ": ");
  }
  absl::StrAppend(&out, SeverityName(severity), ": ", message);
  if (!loc.known()) return out;
  std::optional<std::string> line = SourceFiles::Get().Line(loc.file, loc.line);
  if (!line.has_value()) return out;
  // Tabs are kept in the caret line so that the caret lines up.
  std::string caret;
  for (int i = 0; i + 1 < loc.col && i < static_cast<int>(line->size()); ++i) {
    caret.push_back((*line)[i] == '\t' ? '\t' : ' ');
  }
  absl::StrAppend(&out, "\n", *line, "\n", caret, "^");
  return out;
}

absl::Status ErrorAt(const Location& loc, absl::string_view message) {
  return absl::InvalidArgumentError(FormatDiagnostic(Severity::kError, loc, message));
}

void DiagnosticSink::Report(Severity severity, const Location& loc,
                            absl::string_view message) {
  if (severity == Severity::kError) ++errors_;
  text_.push_back(FormatDiagnostic(severity, loc, message));
}

std::string DiagnosticSink::ToString() const {
  return text_.empty() ? "" : absl::StrCat(absl::StrJoin(text_, "\n"), "\n");
}

absl::Status DiagnosticSink::ToStatus() const {
  if (errors_ == 0) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrJoin(text_, "\n"));
}

namespace {
constexpr absl::string_view kUsageErrorPayload = "ptoc.usage-error";
}  // namespace

absl::Status UsageErrorStatus(absl::string_view message) {
  absl::Status status = absl::InvalidArgumentError(message);
  status.SetPayload(kUsageErrorPayload, absl::Cord("1"));
  return status;
}

bool IsUsageError(const absl::Status& status) {
  return status.GetPayload(kUsageErrorPayload).has_value();
}

}  // namespace ptoc
