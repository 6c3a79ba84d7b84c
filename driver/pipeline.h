// Runs a sequence of registered passes on a program, verifying after each.
#ifndef PTOC_DRIVER_PIPELINE_H_
#define PTOC_DRIVER_PIPELINE_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "ir/diagnostics.h"
#include "ir/ir.h"
#include "passes/pass.h"

namespace ptoc {

struct PipelineOptions {
  // When set, writes NN-<pass>.pb and NN-<pass>.py after every pass (00-input
  // first) and `options.txt` with the command line that reproduces the run.
  std::string dump_dir;
  std::string reproduce_command;  // written to options.txt
  bool print_ir_after_all = false;  // the IR after every pass, to stderr
  // --time-passes: appends (what, wall seconds) for each pass's Run and,
  // as "<pass> checks", for the checks after it.
  std::vector<std::pair<std::string, double>>* times = nullptr;
};

// Runs `passes` in order. After each one: the verifier, the pass's own
// VerifyAfter, and the "changed" claim (a pass that reports no change must
// leave the printed IR identical). Unknown pass names are an error.
absl::Status RunPipeline(Program& program, const std::vector<std::string>& passes,
                         const PassOptions& options,
                         const PipelineOptions& pipeline_options,
                         DiagnosticSink* diagnostics);

}  // namespace ptoc

#endif  // PTOC_DRIVER_PIPELINE_H_
