// A seeded generator of random, well-typed ptoc programs, for property
// tests of the parser, printer, proto boundary and verifier. The same seed
// gives the same program on every machine (no std:: distributions, whose
// results are implementation-defined).
#ifndef PTOC_TESTING_RANDOM_PROGRAM_H_
#define PTOC_TESTING_RANDOM_PROGRAM_H_

#include <cstdint>
#include <memory>

#include "ir/ir.h"

namespace ptoc {

struct RandomProgramOptions {
  int max_functions = 2;
  int max_stmts_per_body = 6;
  int max_depth = 3;
};

std::unique_ptr<Program> GenerateRandomProgram(uint64_t seed,
                                               const RandomProgramOptions& options = {});

}  // namespace ptoc

#endif  // PTOC_TESTING_RANDOM_PROGRAM_H_
