// Fuzz target: the whole compiler on a parsed program: parse -> verify ->
// each pass of the default pipeline (through RunPipeline, which verifies
// after every pass and checks the "changed" claim) -> code generation for
// both targets. The pass options (backend, --v2c-sync, --narrow-regions)
// come from a hash of the input, so a saved input reproduces with the same
// options.
//
// Beyond "no crash", it checks: a rejection is a diagnostic, never an
// internal error; the program after every pass reads back from its text
// and its .pb (CheckRoundTrips); insert-comm-fence is idempotent; and check-comm-contract
// accepts whatever insert-comm-fence produced from a kernel without
// hand-written markers (the checker exists to catch the inserting pass, so
// a complaint there is a bug in one of the two). With hand-written markers
// the two passes may disagree by design: insert-comm-fence accepts any
// region invalidate of the written window after a write (insert-comm-fence.md
// rule 7), check-comm-contract only one that provably covers the write.
//
// Built with libFuzzer by run_fuzzers.sh, and replayed over the seed and
// regression corpora by //testing/fuzz:pipeline_corpus_test.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "codegen/codegen.h"
#include "driver/pipeline.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "ir/diagnostics.h"
#include "ir/registry.h"
#include "ir/verifier.h"
#include "passes/pass.h"
#include "testing/fuzz/fuzz_properties.h"

namespace ptoc {
namespace {

constexpr absl::string_view kInsertCommFence = "insert-comm-fence";
constexpr absl::string_view kCheckCommContract = "check-comm-contract";

PassOptions OptionsFromHash(uint64_t hash) {
  static const char* const kV2cSync[] = {"fence", "barrier", "error", "off"};
  PassOptions options;
  options.backend = (hash & 1) ? "a5" : "a2a3";
  options.values["narrow_regions"] = ((hash >> 1) & 1) ? "true" : "false";
  options.values["v2c_sync"] = kV2cSync[(hash >> 2) & 3];
  return options;
}

bool HasMarker(const Stmt& s) {
  if (const Expr* call = CallOf(s)) {
    std::optional<OpRole> role = RoleOf(*call);
    if (role == OpRole::kFence || role == OpRole::kCacheInvalidate) return true;
  }
  for (const StmtPtr& child : s.stmts) {
    if (HasMarker(*child)) return true;
  }
  return (s.body && HasMarker(*s.body)) || (s.else_body && HasMarker(*s.else_body));
}

bool HasMarker(const Program& program) {
  for (const auto& f : program.functions) {
    if (f->body && HasMarker(*f->body)) return true;
  }
  return false;
}

// Runs one pass through the pipeline driver; false when the pass rejected
// the program (with a diagnostic).
bool RunOnePass(Program& program, const std::string& pass, const PassOptions& options,
                bool hand_written_markers) {
  DiagnosticSink diagnostics;
  absl::Status s = RunPipeline(program, {pass}, options, PipelineOptions(), &diagnostics);
  if (s.ok()) return true;
  FuzzCheck(pass != kCheckCommContract || hand_written_markers,
            "check-comm-contract rejects the output of insert-comm-fence",
            diagnostics.ToString() + "\n" + PrintProgram(program));
  if (diagnostics.error_count() > 0) return false;  // reported as diagnostics
  CheckIsDiagnostic(s, pass);
  return false;
}

void CheckFenceIdempotent(Program& program, const PassOptions& options) {
  const std::string before = PrintProgram(program);
  DiagnosticSink diagnostics;
  PassContext context{options, &diagnostics};
  absl::StatusOr<bool> changed = FindPass(kInsertCommFence)->create()->Run(program, context);
  FuzzCheck(changed.ok(), "insert-comm-fence fails on its own output",
            std::string(changed.status().message()) + "\n" + before);
  FuzzCheck(!*changed && PrintProgram(program) == before,
            "insert-comm-fence is not idempotent", before);
}

void Compile(const uint8_t* data, size_t size) {
  const absl::string_view text(reinterpret_cast<const char*>(data), size);
  absl::StatusOr<std::unique_ptr<Program>> parsed = ParseProgram(text, "fuzz.py");
  if (!parsed.ok()) return;  // the parser target covers rejections
  Program& program = **parsed;
  // As the tools do: record the backend, then verify (a tile in a memory
  // the backend lacks is the user's error, reported before any pass).
  const PassOptions options = OptionsFromHash(InputHash(data, size));
  program.options.backend = options.backend;
  if (!VerifyProgram(program).ok()) return;
  const bool hand_written_markers = HasMarker(program);
  for (const std::string& pass : DefaultPipeline()) {
    FuzzCheck(FindPass(pass) != nullptr, "the fuzz target does not link every pass", pass);
    if (!RunOnePass(program, pass, options, hand_written_markers)) return;
    // What --dump-dir and --emit=text|pb write after this pass reads back.
    CheckRoundTrips(program);
    if (pass == kInsertCommFence) CheckFenceIdempotent(program, options);
  }
  for (CodegenTarget target : {CodegenTarget::kPto, CodegenTarget::kCce}) {
    absl::StatusOr<std::string> code = GenerateCode(program, target);
    if (!code.ok()) CheckIsDiagnostic(code.status(), "GenerateCode");
  }
}

}  // namespace
}  // namespace ptoc

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ptoc::Compile(data, size);
  return 0;
}
