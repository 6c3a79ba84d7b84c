// A deterministic input mutator for the gating fuzz tests: the same seed,
// inputs and dictionary give the same mutants on every machine, so
// `bazel test //...` replays a fixed slice of fuzzing whose result depends
// only on the commit. (libFuzzer's own mutations depend on the coverage it
// sees and on time limits; those runs are the campaign, run_fuzzers.sh.)
#ifndef PTOC_TESTING_FUZZ_MUTATOR_H_
#define PTOC_TESTING_FUZZ_MUTATOR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "testing/rng.h"

namespace ptoc {

// Reads a libFuzzer dictionary: one `"token"` or `name="token"` a line,
// with `\\`, `\"` and `\xHH` escapes; `#` lines and blank lines skipped.
absl::StatusOr<std::vector<std::string>> ParseFuzzDictionary(absl::string_view text);

class Mutator {
 public:
  // `others` are the inputs a splice may take from; `dictionary` the tokens
  // an insertion or a replaced integer may use.
  Mutator(std::vector<std::string> others, std::vector<std::string> dictionary)
      : others_(std::move(others)), dictionary_(std::move(dictionary)) {}

  // One mutant of `input`: one to four stacked edits, chosen by `rng`.
  std::string Mutate(absl::string_view input, Rng& rng) const;

 private:
  void EditOnce(std::string& s, Rng& rng) const;

  std::vector<std::string> others_;
  std::vector<std::string> dictionary_;
};

// A stable 64-bit hash (FNV-1a), to derive each input's mutation seed from
// its bytes: adding a seed file does not change the mutants of the others.
uint64_t StableHash(absl::string_view bytes);

}  // namespace ptoc

#endif  // PTOC_TESTING_FUZZ_MUTATOR_H_
