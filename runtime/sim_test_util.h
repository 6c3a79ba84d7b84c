// Helpers shared by the simulator's tests: compiling a kernel file through
// passes, writing input files, and finding / removing marker statements.
#ifndef PTOC_RUNTIME_SIM_TEST_UTIL_H_
#define PTOC_RUNTIME_SIM_TEST_UTIL_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/ir.h"
#include "passes/pass.h"
#include "runtime/simulator.h"

namespace ptoc {
namespace sim {
namespace testing {

// Parses and verifies `path` (relative to the workspace) and runs `passes`
// on it (verifying after each).
absl::StatusOr<std::unique_ptr<Program>> CompileKernel(
    const std::string& path, const std::vector<std::string>& passes,
    const PassOptions& options = {});

// A fresh directory under the test's temporary directory.
std::string NewTempDir(const std::string& name);

// Writes DIR/<param>.<rank>.txt.
void WriteInput(const std::string& dir, const std::string& param, int rank,
                const std::vector<double>& values);

// `n` values that are exact in fp16: multiples of 1/8 in [-2, 2).
std::vector<double> SmallValues(int n, int salt);

// The values of `param` on `rank` in one schedule's outputs (empty if absent).
std::vector<double> OutputOf(const std::vector<TensorDump>& outputs, const std::string& param,
                             int rank);

// A system.fence or system.cacheinvalid statement of a kernel function.
struct Marker {
  // kPeerInvalidate: a region of a peer's copy of a window (peer=).
  enum class Kind { kFence, kRegionInvalidate, kPeerInvalidate, kWholeInvalidate };
  Kind kind;
  Location loc;
  const Stmt* stmt = nullptr;      // the marker statement
  const Stmt* previous = nullptr;  // the statement before it in its body, if any
  std::string function;
};

// Every marker of every AIC / AIV / InCore function, in program order.
std::vector<Marker> Markers(const Program& program);

// A copy of `program` without its `index`-th marker (in Markers' order).
std::unique_ptr<Program> WithoutMarker(const Program& program, int index);

}  // namespace testing
}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_SIM_TEST_UTIL_H_
