// Reading a program from a file of either form ptoc takes: binary IR
// (`.pb`, what the pass binaries exchange) or PyPTO's language.
#ifndef PTOC_FRONTEND_LOAD_PROGRAM_H_
#define PTOC_FRONTEND_LOAD_PROGRAM_H_

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "frontend/parser.h"
#include "ir/ir.h"

namespace ptoc {

// Reads a program from `path` ("-": stdin): `.pb` files (or any input that
// does not look like text) as binary IR, everything else as the text format.
absl::StatusOr<std::unique_ptr<Program>> LoadProgram(const std::string& path,
                                                     const ParseOptions& options = {});

}  // namespace ptoc

#endif  // PTOC_FRONTEND_LOAD_PROGRAM_H_
