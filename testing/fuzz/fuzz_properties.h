// What the fuzz targets check beyond "does not crash": the invariants every
// accepted program must keep (round trips through the text format and the
// protobuf boundary). A broken invariant aborts with a message, which
// libFuzzer reports as a crash and a corpus test as a failure.
#ifndef PTOC_TESTING_FUZZ_FUZZ_PROPERTIES_H_
#define PTOC_TESTING_FUZZ_FUZZ_PROPERTIES_H_

#include <cstddef>
#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"

namespace ptoc {

// Prints `what` (and `detail`) to stderr and aborts when `ok` is false.
void FuzzCheck(bool ok, absl::string_view what, absl::string_view detail = "");

// A rejected input must be rejected with a diagnostic: a non-OK status
// whose message says "error:" (never an empty or internal-error status).
void CheckIsDiagnostic(const absl::Status& status, absl::string_view stage);

// For a program that verifies: print -> parse gives the same IR and prints
// to the same text (a fixed point); serialize -> deserialize gives the same
// bytes and the result verifies.
void CheckRoundTrips(const Program& program);

// A stable hash of the input, for targets that derive options from it (so
// a saved input reproduces with the same options).
uint64_t InputHash(const uint8_t* data, size_t size);

}  // namespace ptoc

#endif  // PTOC_TESTING_FUZZ_FUZZ_PROPERTIES_H_
