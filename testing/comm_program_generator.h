// A seeded generator of random communication kernels, for the property
// tests of insert-comm-fence and check-comm-contract: windows, plain
// tensors and their aliases (store results, loop-carried windows); local
// stores / writes / gets, remote stores and puts, opaque calls (a program
// function, an unregistered op); notify, wait, test in every placement the
// spec names; GM reads; nested for / if / while; some markers already in
// place; some bodies bare (a single statement, not a Seq).
//
// The same seed gives the same program everywhere (splitmix64, no std::
// distributions).
#ifndef PTOC_TESTING_COMM_PROGRAM_GENERATOR_H_
#define PTOC_TESTING_COMM_PROGRAM_GENERATOR_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "ir/ir.h"

namespace ptoc {

struct CommProgramOptions {
  int max_stmts_per_body = 4;
  int top_level_stmts = 7;
  int max_depth = 3;
};

// The kernel text for `seed` (the program's kernel is `kernel`; some seeds
// add an Orchestration function `orchestrate` with a body of the same
// kind, which the passes must leave alone).
std::string GenerateCommProgramText(uint64_t seed, const CommProgramOptions& options = {});

// The parsed program of GenerateCommProgramText (with unregistered ops
// allowed), some of whose one-statement bodies are made bare.
absl::StatusOr<std::unique_ptr<Program>> GenerateCommProgram(
    uint64_t seed, const CommProgramOptions& options = {});

}  // namespace ptoc

#endif  // PTOC_TESTING_COMM_PROGRAM_GENERATOR_H_
