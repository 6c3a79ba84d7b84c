// main() of the corpus tests: replays files through a fuzz target's
// LLVMFuzzerTestOneInput, so every seed and every saved crash stays a
// regression test in `bazel test //...` (built with gcc, no libFuzzer).
//
//   corpus_runner [--text-to-pb] [--min-inputs=N] FILE_OR_DIR...
//
// Directories are read recursively, in sorted order. --text-to-pb turns
// each `.py` input into its binary IR first (ptoc-parse in-process), for
// the .pb target; inputs that do not parse are skipped and counted. The
// test fails when fewer than N inputs were replayed (a corpus that went
// missing must not pass as an empty run).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/strip.h"
#include "ir/file_util.h"
#include "ir/parser.h"
#include "ir/serialize.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

std::vector<std::string> CollectFiles(const std::vector<std::string>& roots) {
  std::vector<std::string> files;
  for (const std::string& root : roots) {
    if (!std::filesystem::is_directory(root)) {
      files.push_back(root);
      continue;
    }
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
      if (entry.is_regular_file()) found.push_back(entry.path().string());
    }
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

// What `ptoc-parse [--allow-unregistered-ops]` would write for `text`.
std::optional<std::string> TextToPb(const std::string& text, const std::string& path) {
  for (bool allow_unregistered_ops : {false, true}) {
    ptoc::ParseOptions options;
    options.allow_unregistered_ops = allow_unregistered_ops;
    absl::StatusOr<std::unique_ptr<ptoc::Program>> program =
        ptoc::ParseProgram(text, path, options);
    if (!program.ok()) continue;
    (*program)->options.allow_unregistered_ops = allow_unregistered_ops;
    return ptoc::SerializeProgram(**program);
  }
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  bool text_to_pb = false;
  int min_inputs = 1;
  std::vector<std::string> roots;
  for (int i = 1; i < argc; ++i) {
    absl::string_view arg = argv[i];
    if (arg == "--text-to-pb") {
      text_to_pb = true;
    } else if (absl::ConsumePrefix(&arg, "--min-inputs=")) {
      if (!absl::SimpleAtoi(arg, &min_inputs)) {
        std::cerr << "corpus_runner: bad --min-inputs\n";
        return 2;
      }
    } else {
      roots.emplace_back(arg);
    }
  }
  int replayed = 0;
  int skipped = 0;
  for (const std::string& path : CollectFiles(roots)) {
    absl::StatusOr<std::string> contents = ptoc::ReadFile(path);
    if (!contents.ok()) {
      std::cerr << contents.status().message() << "\n";
      return 1;
    }
    std::string input = *std::move(contents);
    if (text_to_pb && absl::EndsWith(path, ".py")) {
      std::optional<std::string> bytes = TextToPb(input, path);
      if (!bytes) {
        ++skipped;
        continue;
      }
      input = *std::move(bytes);
    }
    // Printed first, so that a crash names the input that caused it.
    std::cerr << "replaying " << path << " (" << input.size() << " bytes)\n";
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(input.data()), input.size());
    ++replayed;
  }
  std::cerr << "replayed " << replayed << " inputs";
  if (skipped > 0) std::cerr << " (" << skipped << " .py inputs did not parse: skipped)";
  std::cerr << "\n";
  if (replayed < min_inputs) {
    std::cerr << "FAIL: expected at least " << min_inputs << " inputs\n";
    return 1;
  }
  return 0;
}
