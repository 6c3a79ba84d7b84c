// main() of the corpus tests: replays files through a fuzz target's
// LLVMFuzzerTestOneInput, so every seed and every saved crash stays a
// regression test in `bazel test //...` (built with gcc, no libFuzzer).
//
//   corpus_runner [--text-to-pb] [--min-inputs=N]
//                 [--mutations=M --seed=S [--dict=FILE]] FILE_OR_DIR...
//
// Directories are read recursively, in sorted order. --text-to-pb turns
// each `.py` input into its binary IR first (ptoc-parse in-process), for
// the .pb target; inputs that do not parse are skipped and counted. The
// test fails when fewer than N inputs were replayed (a corpus that went
// missing must not pass as an empty run).
//
// With --mutations=M, each input is also followed by M mutants of it
// (testing/fuzz/mutator.h: seeded by S and the input's bytes, so the run is
// the same on every machine). A mutant that crashes or breaks a property is
// written to $TEST_UNDECLARED_OUTPUTS_DIR (or the working directory) before
// the process dies, named after its input and its index.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "frontend/parser.h"
#include "ir/file_util.h"
#include "ir/serialize.h"
#include "testing/fuzz/mutator.h"
#include "testing/rng.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

// The mutant being run and where to keep it if the process dies on it.
std::string current_mutant;
std::string crash_path;

void SaveMutantAndDie(int signal_number) {
  const int fd = open(crash_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0) {
    ssize_t unused = write(fd, current_mutant.data(), current_mutant.size());
    (void)unused;
    close(fd);
  }
  const char note[] = "corpus_runner: the mutant is saved as ";
  ssize_t unused = write(STDERR_FILENO, note, sizeof(note) - 1);
  unused = write(STDERR_FILENO, crash_path.data(), crash_path.size());
  unused = write(STDERR_FILENO, "\n", 1);
  (void)unused;
  signal(signal_number, SIG_DFL);
  raise(signal_number);
}

std::string CrashDirectory() {
  const char* dir = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR");
  return dir != nullptr ? dir : ".";
}

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

struct Shard {
  int index = 0;
  int count = 1;
};

Shard TestShard() {
  Shard shard;
  const char* total = std::getenv("TEST_TOTAL_SHARDS");
  const char* index = std::getenv("TEST_SHARD_INDEX");
  if (total == nullptr || index == nullptr) return shard;
  if (!absl::SimpleAtoi(total, &shard.count) || !absl::SimpleAtoi(index, &shard.index) ||
      shard.count < 1 || shard.index < 0 || shard.index >= shard.count) {
    return Shard();
  }
  // Tells Bazel this runner honours sharding.
  if (const char* status = std::getenv("TEST_SHARD_STATUS_FILE")) std::ofstream(status).flush();
  return shard;
}

int main(int argc, char** argv) {
  bool text_to_pb = false;
  int min_inputs = 1;
  int mutations = 0;
  uint64_t seed = 0;
  std::string dictionary_path;
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
    } else if (absl::ConsumePrefix(&arg, "--mutations=")) {
      if (!absl::SimpleAtoi(arg, &mutations) || mutations < 0) {
        std::cerr << "corpus_runner: bad --mutations\n";
        return 2;
      }
    } else if (absl::ConsumePrefix(&arg, "--seed=")) {
      if (!absl::SimpleAtoi(arg, &seed)) {
        std::cerr << "corpus_runner: bad --seed\n";
        return 2;
      }
    } else if (absl::ConsumePrefix(&arg, "--dict=")) {
      dictionary_path = std::string(arg);
    } else {
      roots.emplace_back(arg);
    }
  }
  std::vector<std::string> dictionary;
  if (!dictionary_path.empty()) {
    absl::StatusOr<std::string> text = ptoc::ReadFile(dictionary_path);
    absl::StatusOr<std::vector<std::string>> tokens =
        text.ok() ? ptoc::ParseFuzzDictionary(*text)
                  : absl::StatusOr<std::vector<std::string>>(text.status());
    if (!tokens.ok()) {
      std::cerr << dictionary_path << ": " << tokens.status().message() << "\n";
      return 2;
    }
    dictionary = *std::move(tokens);
  }
  int skipped = 0;
  std::vector<std::pair<std::string, std::string>> inputs;  // path, bytes
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
    inputs.emplace_back(path, std::move(input));
  }
  std::vector<std::string> all_bytes;
  for (const auto& [path, bytes] : inputs) all_bytes.push_back(bytes);
  const ptoc::Mutator mutator(std::move(all_bytes), std::move(dictionary));
  if (mutations > 0) {
    std::signal(SIGABRT, SaveMutantAndDie);
    std::signal(SIGSEGV, SaveMutantAndDie);
  }
  // Bazel's test sharding: shard k of n takes every n-th input from k, so
  // that a mutation test's time splits across cores (and its timeout).
  const Shard shard = TestShard();
  int replayed = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (static_cast<int>(i % shard.count) != shard.index) continue;
    const auto& [path, input] = inputs[i];
    // Printed first, so that a crash names the input that caused it.
    std::cerr << "replaying " << path << " (" << input.size() << " bytes)\n";
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(input.data()), input.size());
    ++replayed;
    ptoc::Rng rng(seed ^ ptoc::StableHash(input));
    const std::string name = std::filesystem::path(path).filename().string();
    for (int k = 0; k < mutations; ++k) {
      current_mutant = mutator.Mutate(input, rng);
      crash_path = absl::StrCat(CrashDirectory(), "/mutant-", k, "-of-", name);
      LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(current_mutant.data()),
                             current_mutant.size());
    }
  }
  std::cerr << "replayed " << replayed << " inputs";
  if (shard.count > 1) std::cerr << " (shard " << shard.index + 1 << " of " << shard.count << ")";
  if (mutations > 0) std::cerr << " and " << mutations << " mutants of each (seed " << seed << ")";
  if (skipped > 0) std::cerr << " (" << skipped << " .py inputs did not parse: skipped)";
  std::cerr << "\n";
  if (static_cast<int>(inputs.size()) < min_inputs) {
    std::cerr << "FAIL: expected at least " << min_inputs << " inputs\n";
    return 1;
  }
  return 0;
}
