// Diagnostics in the style of clang:
//
//   kernel.py:12:9: error: unknown op 'tile.lod'; did you mean 'tile.load'?
//           x = pl.tile.lod(a, [0, 0], [16, 16])
//               ^
//
// Errors travel as absl::Status values whose message is the formatted text
// (one or more diagnostics); warnings and notes go to a DiagnosticSink.
#ifndef PTOC_IR_DIAGNOSTICS_H_
#define PTOC_IR_DIAGNOSTICS_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"

namespace ptoc {

enum class Severity { kError, kWarning, kNote };

// The text of the source files diagnostics quote. Files registered by the
// parser are used as given; any other file is read from disk on first use
// (a .pb records its kernel's path), and when it cannot be read the
// diagnostic is given as file:line:col alone.
class SourceFiles {
 public:
  static SourceFiles& Get();  // process-wide
  void Add(std::string file, std::string contents);
  // The 1-based line of `file`, without its newline.
  std::optional<std::string> Line(const std::string& file, int line);

 private:
  std::vector<std::pair<std::string, std::string>> files_;
};

// "file:line:col: error: message" plus the quoted source line and a caret
// under the column when the source is available. No trailing newline.
std::string FormatDiagnostic(Severity severity, const Location& loc,
                             absl::string_view message);

// An InvalidArgument status holding one formatted error.
absl::Status ErrorAt(const Location& loc, absl::string_view message);

// An error of the command line found only once the input is known (e.g.
// --pipe-sync-drop naming a unit the plan does not have); tools report it
// as a usage error (exit 2), not as an error of the input.
absl::Status UsageErrorStatus(absl::string_view message);
bool IsUsageError(const absl::Status& status);

// Accumulates diagnostics of a run (errors, warnings, notes) in order.
class DiagnosticSink {
 public:
  void Report(Severity severity, const Location& loc, absl::string_view message);
  void Error(const Location& loc, absl::string_view m) { Report(Severity::kError, loc, m); }
  void Warning(const Location& loc, absl::string_view m) { Report(Severity::kWarning, loc, m); }
  void Note(const Location& loc, absl::string_view m) { Report(Severity::kNote, loc, m); }

  int error_count() const { return errors_; }
  bool empty() const { return text_.empty(); }
  // Everything reported, formatted, one diagnostic per block.
  const std::vector<std::string>& formatted() const { return text_; }
  std::string ToString() const;
  // OK when no error was reported, else an InvalidArgument status with all
  // diagnostics (including warnings and notes) as its message.
  absl::Status ToStatus() const;

 private:
  int errors_ = 0;
  std::vector<std::string> text_;
};

}  // namespace ptoc

#endif  // PTOC_IR_DIAGNOSTICS_H_
