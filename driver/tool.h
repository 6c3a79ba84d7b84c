// What every ptoc tool shares: the command-line convention, the exit codes,
// and the skeleton of a pass binary.
//
// Flags are absl flags; this parser adds what the tools promise: `--flag`
// names may be spelled with `-` or `_`, `-o PATH` is `--output`, `--help`
// lists every flag of the tool, and a usage error exits with status 2
// (absl's own parser would exit with 1, the status of a bad input).
#ifndef PTOC_DRIVER_TOOL_H_
#define PTOC_DRIVER_TOOL_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/ir.h"
#include "passes/pass.h"

ABSL_DECLARE_FLAG(std::string, output);
ABSL_DECLARE_FLAG(std::string, backend);
ABSL_DECLARE_FLAG(bool, allow_unregistered_ops);
ABSL_DECLARE_FLAG(std::string, pipe_sync);
ABSL_DECLARE_FLAG(std::vector<std::string>, pipe_sync_drop);

namespace ptoc {

constexpr int kExitOk = 0;
constexpr int kExitInputError = 1;  // the input is wrong; diagnostics printed
constexpr int kExitUsage = 2;       // the command line is wrong

// Parses argv into the registered absl flags and returns the positional
// arguments. `--help` prints `usage` and every flag of the tool (a pass's
// options only in the tools that link the pass), then exits 0; an unknown
// flag or a bad value prints a message and exits 2.
std::vector<std::string> ParseCommandLine(int argc, char** argv, absl::string_view usage);

// How a flag is written on the command line: "--v2c-sync" for "v2c_sync".
std::string FlagSpelling(absl::string_view name);

// The pass options from the flags: --backend, and the options the passes
// named in `passes` declare (PassOptionSpec); a value outside its choices is
// a usage error (message in the status).
absl::Status PassOptionsFromFlags(const std::vector<std::string>& passes,
                                  PassOptions* options);

// Reconciles the flags with the options recorded in the program (backend,
// --allow-unregistered-ops): a flag that contradicts a recorded value is an
// error; an unrecorded value is recorded.
absl::Status ApplyRecordedOptions(Program& program, PassOptions& options,
                                  bool backend_flag_given);

// The units --pipe-sync-drop=N,... names (a usage error for a value that is
// not a number).
absl::StatusOr<std::vector<int>> PipeSyncDrops();

// Prints a failed status the way every tool does (the message is already a
// formatted diagnostic) and returns kExitInputError, or kExitUsage for a
// UsageErrorStatus (ir/diagnostics.h).
int ReportFailure(const absl::Status& status);
// The same after a pass run: prints every diagnostic of the run; the status
// message too unless the run reported its errors as diagnostics.
int ReportFailure(const absl::Status& status, const DiagnosticSink& diagnostics);

// True when `--name` (spelled with `-` or `_`) is on the command line.
bool FlagGiven(int argc, char** argv, absl::string_view name);

// What a tool that runs passes starts from: the one input loaded, the
// options of its flags reconciled with those the program records, and the
// program verified.
struct PassInput {
  std::unique_ptr<Program> program;
  PassOptions options;
};

// Loads `path` into `*input` as above. Returns kExitOk, or the exit code
// after printing why not (`tool` prefixes a usage message, e.g. "ptoc: ").
// `passes`: the passes that will run (their options are read from the flags).
int LoadPassInput(const std::string& path, const std::vector<std::string>& passes, int argc,
                  char** argv, absl::string_view tool, PassInput* input);

// main() of a pass binary: `TOOL [flags] IN.pb -o OUT.pb` ("-" = stdin or
// stdout). Loads, verifies, runs the pass, verifies, saves.
int RunPassTool(int argc, char** argv, absl::string_view pass_name);

}  // namespace ptoc

#endif  // PTOC_DRIVER_TOOL_H_
