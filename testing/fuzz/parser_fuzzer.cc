// Fuzz target: the text parser (ParseProgram). Any input is parsed, first
// strictly, then with unregistered ops allowed; a rejection must be a
// diagnostic, and a program that parses and verifies must survive the text
// and protobuf round trips (fuzz_properties.h).
//
// Built with libFuzzer by run_fuzzers.sh, and replayed over the seed and
// regression corpora by //testing/fuzz:parser_corpus_test.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "frontend/parser.h"
#include "ir/verifier.h"
#include "testing/fuzz/fuzz_properties.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  for (bool allow_unregistered_ops : {false, true}) {
    ptoc::ParseOptions options;
    options.allow_unregistered_ops = allow_unregistered_ops;
    absl::StatusOr<std::unique_ptr<ptoc::Program>> program =
        ptoc::ParseProgram(text, "fuzz.py", options);
    if (!program.ok()) {
      ptoc::CheckIsDiagnostic(program.status(), "ParseProgram");
      continue;
    }
    (*program)->options.allow_unregistered_ops = allow_unregistered_ops;
    absl::Status verified = ptoc::VerifyProgram(**program);
    if (!verified.ok()) {
      ptoc::CheckIsDiagnostic(verified, "VerifyProgram");
    } else {
      ptoc::CheckRoundTrips(**program);
    }
    break;  // the strict parse succeeded: the lenient one would be the same
  }
  return 0;
}
