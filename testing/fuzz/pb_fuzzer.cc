// Fuzz target: loading a binary IR file (DeserializeProgram) and verifying
// it (VerifyProgram), what every pass binary does with its input. A
// rejection must be a diagnostic; a program that loads and verifies must
// survive the text and protobuf round trips (fuzz_properties.h).
//
// Built with libFuzzer by run_fuzzers.sh, and replayed over the seed and
// regression corpora by //testing/fuzz:pb_corpus_test.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/serialize.h"
#include "ir/verifier.h"
#include "testing/fuzz/fuzz_properties.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view bytes(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<std::unique_ptr<ptoc::Program>> program =
      ptoc::DeserializeProgram(bytes, "fuzz.pb");
  if (!program.ok()) {
    ptoc::CheckIsDiagnostic(program.status(), "DeserializeProgram");
    return 0;
  }
  absl::Status verified = ptoc::VerifyProgram(**program);
  if (!verified.ok()) {
    ptoc::CheckIsDiagnostic(verified, "VerifyProgram");
    return 0;
  }
  ptoc::CheckRoundTrips(**program);
  return 0;
}
