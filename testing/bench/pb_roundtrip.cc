// The floor of a pass binary: what every one does besides its pass and the
// verifier — read a .pb, deserialize it, serialize it, write it (atomically).
//
//   pb_roundtrip IN.pb -o OUT.pb
//
// BENCHMARKS.md compares each pass binary's total time with this.
#include <iostream>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "ir/file_util.h"
#include "ir/serialize.h"

int main(int argc, char** argv) {
  if (argc != 4 || std::string(argv[2]) != "-o") {
    std::cerr << "usage: pb_roundtrip IN.pb -o OUT.pb\n";
    return 2;
  }
  absl::StatusOr<std::string> bytes = ptoc::ReadFile(argv[1]);
  if (!bytes.ok()) {
    std::cerr << bytes.status().message() << "\n";
    return 1;
  }
  absl::StatusOr<std::unique_ptr<ptoc::Program>> program =
      ptoc::DeserializeProgram(*bytes, argv[1]);
  if (!program.ok()) {
    std::cerr << program.status().message() << "\n";
    return 1;
  }
  absl::Status written = ptoc::WriteFileAtomically(argv[3], ptoc::SerializeProgram(**program));
  if (!written.ok()) {
    std::cerr << written.message() << "\n";
    return 1;
  }
  return 0;
}
