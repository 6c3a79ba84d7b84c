#include "testing/fuzz/fuzz_properties.h"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "ir/serialize.h"
#include "ir/verifier.h"

namespace ptoc {

void FuzzCheck(bool ok, absl::string_view what, absl::string_view detail) {
  if (ok) return;
  std::fprintf(stderr, "fuzz property violated: %.*s\n%.*s\n", static_cast<int>(what.size()),
               what.data(), static_cast<int>(detail.size()), detail.data());
  std::abort();
}

void CheckIsDiagnostic(const absl::Status& status, absl::string_view stage) {
  FuzzCheck(!status.ok(), "CheckIsDiagnostic called with an OK status", stage);
  FuzzCheck(status.code() != absl::StatusCode::kInternal &&
                absl::StrContains(status.message(), "error:"),
            std::string(stage) + " rejected the input without a diagnostic",
            status.ToString());
}

void CheckRoundTrips(const Program& program) {
  const std::string text = PrintProgram(program);
  ParseOptions parse_options;
  parse_options.allow_unregistered_ops = program.options.allow_unregistered_ops;
  absl::StatusOr<std::unique_ptr<Program>> reparsed =
      ParseProgram(text, "printed.py", parse_options);
  FuzzCheck(reparsed.ok(), "the printed form of a verified program does not parse",
            reparsed.ok() ? text : std::string(reparsed.status().message()) + "\n" + text);
  absl::Status verified = VerifyProgram(**reparsed);
  FuzzCheck(verified.ok(), "the printed form parses but does not verify",
            std::string(verified.message()) + "\n" + text);
  const std::string reprinted = PrintProgram(**reparsed);
  FuzzCheck(reprinted == text, "print(parse(print(x))) != print(x)",
            "first:\n" + text + "\nsecond:\n" + reprinted);
  PrintOptions canonical;
  canonical.canonical_names = true;
  FuzzCheck(PrintProgram(**reparsed, canonical) == PrintProgram(program, canonical),
            "parse(print(x)) is not the same IR as x", text);

  const std::string bytes = SerializeProgram(program);
  absl::StatusOr<std::unique_ptr<Program>> loaded = DeserializeProgram(bytes, "fuzz.pb");
  FuzzCheck(loaded.ok(), "a serialized verified program does not deserialize",
            loaded.ok() ? "" : std::string(loaded.status().message()));
  FuzzCheck(SerializeProgram(**loaded) == bytes,
            "serialize(deserialize(bytes)) != bytes", text);
  verified = VerifyProgram(**loaded);
  FuzzCheck(verified.ok(), "a program does not verify after the protobuf round trip",
            std::string(verified.message()) + "\n" + text);
}

uint64_t InputHash(const uint8_t* data, size_t size) {
  uint64_t hash = 14695981039346656037ull;  // FNV-1a
  for (size_t i = 0; i < size; ++i) {
    hash = (hash ^ data[i]) * 1099511628211ull;
  }
  return hash;
}

}  // namespace ptoc
