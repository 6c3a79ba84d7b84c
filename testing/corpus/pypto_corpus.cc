// Runs ptoc's front end over the PyPTO corpus (../shared/pypto-corpus, see
// its README.md) and reports:
//   (a) in-scope programs (expect_error = 0, no host features) that parse,
//       verify and round-trip: print(parse(print(x))) == print(x), and the
//       .pb ptoc writes of them reads back, verifies, prints the same text
//       and serializes to the same bytes;
//   (b) programs PyPTO rejects (expect_error = 1, no host features) that
//       ptoc rejects (parse or verify error);
//   the first error of each failure, grouped by message, with counts.
// Exits 1 when (a) or (b) is below its floor (--min-accepted,
// --min-rejected), 2 on a usage error or an unreadable corpus.
// --print-dir=DIR writes print(parse(x)) of every in-scope program that
// parses and verifies to DIR/<file>, laid out in lines of --line-length=N
// columns (200, PyPTO's, by default; testing/integration/
// ruff_layout_test.sh judges their layout).
//
//   pypto_corpus --corpus=DIR [--min-accepted=N] [--min-rejected=N]
//                [--top=N] [--list-failures] [--print-dir=DIR]
//                [--line-length=N]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "ir/file_util.h"
#include "ir/serialize.h"
#include "ir/verifier.h"

namespace ptoc {
namespace {

struct Entry {
  std::string file;
  bool expect_error = false;
  bool host = false;
};

// The message of a diagnostic's first line without its `file:line:col: `.
std::string FirstError(absl::string_view stage, const absl::Status& status) {
  absl::string_view msg = status.message();
  msg = msg.substr(0, msg.find('\n'));
  size_t at = msg.find("error: ");
  if (at != absl::string_view::npos) msg = msg.substr(at + 7);
  std::string out(stage);
  out += ": ";
  out.append(msg.data(), std::min<size_t>(msg.size(), 160));
  return out;
}

// "" when the program is accepted and round-trips, else its first error.
// `printed` receives print(x) when the program parses and verifies.
std::string Check(const std::string& text, const std::string& name, int line_length,
                  std::string* printed_out) {
  absl::StatusOr<std::unique_ptr<Program>> first = ParseProgram(text, name);
  if (!first.ok()) return FirstError("parse", first.status());
  absl::Status verified = VerifyProgram(**first);
  if (!verified.ok()) return FirstError("verify", verified);
  std::string printed = PrintProgram(**first);
  *printed_out = printed;
  if (line_length != PrintOptions().line_length) {
    // Laid out narrower, the text must read back as the same program too.
    PrintOptions narrow;
    narrow.line_length = line_length;
    *printed_out = PrintProgram(**first, narrow);
    absl::StatusOr<std::unique_ptr<Program>> back =
        ParseProgram(*printed_out, absl::StrCat(name, ".printed-", line_length));
    if (!back.ok()) return FirstError("reparse", back.status());
    if (PrintProgram(**back) != printed) {
      return absl::StrCat("round trip at line length ", line_length,
                          ": print(parse(print(x))) != print(x)");
    }
  }
  absl::StatusOr<std::unique_ptr<Program>> second =
      ParseProgram(printed, name + ".printed");
  if (!second.ok()) return FirstError("reparse", second.status());
  if (PrintProgram(**second) != printed) return "round trip: print(parse(print(x))) != print(x)";
  const std::string bytes = SerializeProgram(**first);
  absl::StatusOr<std::unique_ptr<Program>> loaded = DeserializeProgram(bytes, name + ".pb");
  if (!loaded.ok()) return FirstError("read .pb", loaded.status());
  if (absl::Status s = VerifyProgram(**loaded); !s.ok()) return FirstError("verify .pb", s);
  if (PrintProgram(**loaded) != printed) return "round trip: print(read(write(x))) != print(x)";
  if (SerializeProgram(**loaded) != bytes) return "round trip: write(read(write(x))) != write(x)";
  return "";
}

int Main(int argc, char** argv) {
  std::string corpus, print_dir;
  int64_t min_accepted = 0, min_rejected = 0, top = 25, line_length = PrintOptions().line_length;
  bool list_failures = false;
  for (int i = 1; i < argc; ++i) {
    absl::string_view arg = argv[i];
    auto value = [&](absl::string_view flag, std::string* out) {
      if (!absl::ConsumePrefix(&arg, flag)) return false;
      *out = std::string(arg);
      return true;
    };
    std::string v;
    if (value("--corpus=", &v)) {
      corpus = v;
    } else if (value("--min-accepted=", &v) && absl::SimpleAtoi(v, &min_accepted)) {
    } else if (value("--min-rejected=", &v) && absl::SimpleAtoi(v, &min_rejected)) {
    } else if (value("--top=", &v) && absl::SimpleAtoi(v, &top)) {
    } else if (value("--line-length=", &v) && absl::SimpleAtoi(v, &line_length) &&
               line_length > 0) {
    } else if (value("--print-dir=", &v)) {
      print_dir = v;
    } else if (arg == "--list-failures") {
      list_failures = true;
    } else {
      std::fprintf(stderr, "error: unknown argument '%s'\nusage: pypto_corpus --corpus=DIR "
                   "[--min-accepted=N] [--min-rejected=N] [--top=N] [--list-failures] [--print-dir=DIR] "
                   "[--line-length=N]\n",
                   argv[i]);
      return 2;
    }
  }
  if (corpus.empty()) {
    std::fprintf(stderr, "error: --corpus=DIR is required\n");
    return 2;
  }
  absl::StatusOr<std::string> manifest = ReadFile(corpus + "/MANIFEST.tsv");
  if (!manifest.ok()) {
    std::fprintf(stderr, "error: %s\n", std::string(manifest.status().message()).c_str());
    return 2;
  }
  std::vector<Entry> entries;
  std::vector<std::string> header;
  for (absl::string_view line : absl::StrSplit(*manifest, '\n', absl::SkipEmpty())) {
    std::vector<std::string> cols = absl::StrSplit(line, '\t');
    if (header.empty()) {
      header = cols;
      continue;
    }
    Entry e;
    for (size_t c = 0; c < cols.size() && c < header.size(); ++c) {
      if (header[c] == "file") e.file = cols[c];
      if (header[c] == "expect_error") e.expect_error = cols[c] == "1";
      if (header[c] == "host_features") e.host = !cols[c].empty();
    }
    if (!e.file.empty()) entries.push_back(e);
  }

  int in_scope = 0, accepted = 0, rejected_total = 0, rejected = 0;
  std::map<std::string, int> groups;  // first error -> count (in scope)
  std::map<std::string, std::vector<std::string>> examples;
  std::vector<std::string> wrongly_accepted;
  for (const Entry& e : entries) {
    if (e.host) continue;
    std::string path = corpus + "/programs/" + e.file;
    absl::StatusOr<std::string> text = ReadFile(path);
    if (!text.ok()) {
      std::fprintf(stderr, "error: %s\n", std::string(text.status().message()).c_str());
      return 2;
    }
    // Only parse + verify decide a rejection; the round trip is ptoc's own.
    if (e.expect_error) {
      ++rejected_total;
      absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(*text, e.file);
      bool ok = p.ok() && VerifyProgram(**p).ok();
      if (!ok) {
        ++rejected;
      } else {
        wrongly_accepted.push_back(e.file);
      }
      continue;
    }
    ++in_scope;
    std::string printed;
    std::string error = Check(*text, e.file, static_cast<int>(line_length), &printed);
    if (!print_dir.empty() && !printed.empty()) {
      absl::Status written = WriteFileAtomically(print_dir + "/" + e.file, printed);
      if (!written.ok()) {
        std::fprintf(stderr, "error: %s\n", std::string(written.message()).c_str());
        return 2;
      }
    }
    if (error.empty()) {
      ++accepted;
    } else {
      ++groups[error];
      if (examples[error].size() < 3) examples[error].push_back(e.file);
      if (list_failures) std::printf("FAIL %s: %s\n", e.file.c_str(), error.c_str());
    }
  }

  std::vector<std::pair<int, std::string>> sorted;
  for (const auto& [msg, n] : groups) sorted.push_back({-n, msg});
  std::sort(sorted.begin(), sorted.end());
  std::printf("first errors of the in-scope failures (%zu distinct):\n", sorted.size());
  for (size_t i = 0; i < sorted.size() && static_cast<int64_t>(i) < top; ++i) {
    const std::string& msg = sorted[i].second;
    std::string ex;
    for (const std::string& f : examples[msg]) ex += (ex.empty() ? "" : " ") + f;
    std::printf("%6d  %s  [%s]\n", -sorted[i].first, msg.c_str(), ex.c_str());
  }
  std::printf("PyPTO-rejected programs ptoc accepts (%zu):", wrongly_accepted.size());
  for (size_t i = 0; i < wrongly_accepted.size() && (i < 20 || list_failures); ++i) {
    std::printf(" %s", wrongly_accepted[i].c_str());
  }
  std::printf("\n");
  auto pct = [](int a, int b) { return b == 0 ? 100.0 : 100.0 * a / b; };
  std::printf("in-scope accepted and round-tripped: %d of %d (%.1f%%), floor %lld\n",
              accepted, in_scope, pct(accepted, in_scope),
              static_cast<long long>(min_accepted));
  std::printf("PyPTO-rejected rejected: %d of %d (%.1f%%), floor %lld\n", rejected,
              rejected_total, pct(rejected, rejected_total),
              static_cast<long long>(min_rejected));
  bool ok = accepted >= min_accepted && rejected >= min_rejected;
  if (!ok) std::printf("FAILED: below the floor\n");
  return ok ? 0 : 1;
}

}  // namespace
}  // namespace ptoc

int main(int argc, char** argv) { return ptoc::Main(argc, argv); }
