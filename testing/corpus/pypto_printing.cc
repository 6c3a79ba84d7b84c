// PyPTO's printer tests (tests/ut/ir/printing/ of hw-native-sys/pypto) as
// checks of ptoc's printer. Those tests build a program, print it with
// PyPTO's printer and assert what the text contains (no test compares a
// whole printed program). The programs they build from PyPTO source are in
// the corpus (../shared/pypto-corpus; testing/integration/pypto_corpus_test.sh
// runs this); testing/corpus/pypto_printing.tsv
// lists, per program, the assertions of its test, one a line, and whether
// ptoc meets it ("pass") or not yet ("xfail: reason").
//
// For each program: parse, verify, print; then every check of the table:
//   roundtrip          print(parse(print(x))) == print(x), and it verifies
//   contains TEXT      the print contains TEXT
//   lacks TEXT         the print does not contain TEXT
//   before A B         A occurs in the print, and before B
//   count N TEXT       TEXT occurs exactly N times
//   rejects TEXT       parse or verify fails with TEXT in the message
// (TEXT takes \n for a newline and \t for a tab.) A check of a program that
// does not parse or verify fails, except `rejects`.
//
// Prints the counts (checks, passing, expected failures by reason) and
// exits 1 when a "pass" check fails or an "xfail" check passes (then the
// table is out of date: mark it pass), 2 on a usage error.
//
//   pypto_printing --corpus=DIR --checks=FILE [--verbose]
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "ir/file_util.h"
#include "ir/verifier.h"

namespace ptoc {
namespace {

struct Check {
  int line = 0;
  std::string kind, program, test, status, a, b;
};

// What ptoc makes of one program.
struct Result {
  std::string error;    // parse / verify error, "" when accepted
  std::string printed;  // its print when accepted
  bool round_trips = false;
};

Result Run(const std::string& text, const std::string& name) {
  Result r;
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(text, name);
  if (!p.ok()) {
    r.error = std::string(p.status().message());
    return r;
  }
  absl::Status verified = VerifyProgram(**p);
  if (!verified.ok()) {
    r.error = std::string(verified.message());
    return r;
  }
  r.printed = PrintProgram(**p);
  absl::StatusOr<std::unique_ptr<Program>> again = ParseProgram(r.printed, name + ".printed");
  r.round_trips = again.ok() && VerifyProgram(**again).ok() && PrintProgram(**again) == r.printed;
  return r;
}

size_t Count(absl::string_view hay, absl::string_view needle) {
  size_t n = 0;
  for (size_t at = hay.find(needle); !needle.empty() && at != absl::string_view::npos;
       at = hay.find(needle, at + needle.size())) {
    ++n;
  }
  return n;
}

// Whether `c` holds for `r`; *bad gets a usage error.
bool Holds(const Check& c, const Result& r, std::string* bad) {
  if (c.kind == "rejects") return !r.error.empty() && absl::StrContains(r.error, c.a);
  if (!r.error.empty()) return false;
  const std::string& t = r.printed;
  if (c.kind == "roundtrip") return r.round_trips;
  if (c.kind == "contains") return absl::StrContains(t, c.a);
  if (c.kind == "lacks") return !absl::StrContains(t, c.a);
  if (c.kind == "before") {
    size_t a = t.find(c.a), b = t.find(c.b);
    return a != std::string::npos && b != std::string::npos && a < b;
  }
  if (c.kind == "count") {
    size_t n = 0;
    if (!absl::SimpleAtoi(c.a, &n)) *bad = "count wants a number";
    return Count(t, c.b) == n;
  }
  *bad = "unknown check '" + c.kind + "'";
  return false;
}

std::string Unescape(absl::string_view s) {
  return absl::StrReplaceAll(s, {{"\\n", "\n"}, {"\\t", "\t"}});
}

int Main(int argc, char** argv) {
  std::string corpus, checks_path;
  bool verbose = false;
  for (int i = 1; i < argc; ++i) {
    absl::string_view arg = argv[i];
    if (absl::ConsumePrefix(&arg, "--corpus=")) {
      corpus = std::string(arg);
    } else if (absl::ConsumePrefix(&arg, "--checks=")) {
      checks_path = std::string(arg);
    } else if (arg == "--verbose") {
      verbose = true;
    } else {
      std::fprintf(stderr, "error: unknown argument '%s'\nusage: pypto_printing --corpus=DIR "
                   "--checks=FILE [--verbose]\n", argv[i]);
      return 2;
    }
  }
  if (corpus.empty() || checks_path.empty()) {
    std::fprintf(stderr, "error: --corpus=DIR and --checks=FILE are required\n");
    return 2;
  }
  absl::StatusOr<std::string> table = ReadFile(checks_path);
  if (!table.ok()) {
    std::fprintf(stderr, "error: %s\n", std::string(table.status().message()).c_str());
    return 2;
  }
  // Columns: kind, program, PyPTO test, status, then the check's text(s).
  std::vector<Check> checks;
  int line_no = 0;
  for (absl::string_view line : absl::StrSplit(*table, '\n')) {
    ++line_no;
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cols = absl::StrSplit(line, '\t');
    if (cols.size() < 4) {
      std::fprintf(stderr, "%s:%d: error: want kind, program, test, status\n",
                   checks_path.c_str(), line_no);
      return 2;
    }
    Check c;
    c.line = line_no;
    c.kind = cols[0];
    c.program = cols[1];
    c.test = cols[2];
    c.status = cols[3];
    if (cols.size() > 4) c.a = Unescape(cols[4]);
    if (cols.size() > 5) c.b = Unescape(cols[5]);
    if (c.status != "pass" && !absl::StartsWith(c.status, "xfail: ")) {
      std::fprintf(stderr, "%s:%d: error: status is 'pass' or 'xfail: reason'\n",
                   checks_path.c_str(), line_no);
      return 2;
    }
    checks.push_back(std::move(c));
  }

  std::map<std::string, Result> results;  // by program
  int passed = 0, xfailed = 0;
  std::map<std::string, int> by_reason;
  std::vector<std::string> wrong;
  for (const Check& c : checks) {
    auto it = results.find(c.program);
    if (it == results.end()) {
      absl::StatusOr<std::string> text = ReadFile(corpus + "/programs/" + c.program);
      if (!text.ok()) {
        std::fprintf(stderr, "error: %s\n", std::string(text.status().message()).c_str());
        return 2;
      }
      it = results.emplace(c.program, Run(*text, c.program)).first;
    }
    std::string bad;
    const bool holds = Holds(c, it->second, &bad);
    if (!bad.empty()) {
      std::fprintf(stderr, "%s:%d: error: %s\n", checks_path.c_str(), c.line, bad.c_str());
      return 2;
    }
    const bool expected = c.status == "pass";
    std::string where = checks_path + ":" + std::to_string(c.line) + ": " + c.program + " (" +
                        c.test + ") " + c.kind + (c.a.empty() ? "" : " '" + c.a + "'");
    if (holds && expected) {
      ++passed;
    } else if (!holds && !expected) {
      ++xfailed;
      ++by_reason[c.status.substr(7)];
    } else if (holds) {
      wrong.push_back("UNEXPECTED PASS " + where + ": mark it pass");
    } else {
      wrong.push_back("FAILED " + where +
                      (it->second.error.empty() ? "" : ": " + it->second.error.substr(
                                                           0, it->second.error.find('\n'))));
    }
    if (verbose && !holds && it->second.error.empty()) {
      std::printf("--- %s\n%s", where.c_str(), it->second.printed.c_str());
    }
  }
  for (const std::string& w : wrong) std::printf("%s\n", w.c_str());
  std::printf("PyPTO printer checks: %zu over %zu programs; %d pass, %d expected failures, "
              "%zu wrong\n", checks.size(), results.size(), passed, xfailed, wrong.size());
  for (const auto& [reason, n] : by_reason) std::printf("%6d  xfail: %s\n", n, reason.c_str());
  return wrong.empty() ? 0 : 1;
}

}  // namespace
}  // namespace ptoc

int main(int argc, char** argv) { return ptoc::Main(argc, argv); }
