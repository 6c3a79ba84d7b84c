// Writes one program of the random generators to stdout, for the pipe-sync
// benchmarks' set B (pipe_sync_bench.py):
//
//   gen_program mixed|comm SEED
//
// mixed: testing/mixed_program_generator (an InCore kernel `kernel`);
// comm: testing/comm_program_generator (the same name; some of its programs
// use ops ptoc cannot lower, which the benchmark reports as such).
#include <cstdint>
#include <iostream>
#include <string>

#include "absl/strings/numbers.h"
#include "testing/comm_program_generator.h"
#include "testing/mixed_program_generator.h"

int main(int argc, char** argv) {
  uint64_t seed = 0;
  std::string kind = argc == 3 ? argv[1] : "";
  if ((kind != "mixed" && kind != "comm") || !absl::SimpleAtoi(argv[2], &seed)) {
    std::cerr << "usage: gen_program mixed|comm SEED\n";
    return 2;
  }
  std::cout << (kind == "mixed" ? ptoc::GenerateMixedProgramText(seed)
                                : ptoc::GenerateCommProgramText(seed));
  return 0;
}
