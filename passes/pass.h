// The contract every pass follows, and the registry of passes.
//
// A pass is `absl::StatusOr<bool> Run(Program&, PassContext&)` returning
// whether it changed the program; the pipeline checks the claim (a pass that
// says "unchanged" must leave the printed IR identical) and verifies the IR
// after every pass. One short name per pass is used everywhere: the
// registry key, `--passes=`, the dump-file segment and (with `_`) the
// binary's name.
#ifndef PTOC_PASSES_PASS_H_
#define PTOC_PASSES_PASS_H_

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/diagnostics.h"
#include "ir/ir.h"

namespace ptoc {

// An option a pass declares where it is registered. Its command-line flag
// is an ABSL_FLAG defined beside the pass (the one place its name, default
// and help are written), so a tool takes it only when it links the pass.
struct PassOptionSpec {
  std::string flag;                 // the flag's name: "v2c_sync" (--v2c-sync)
  std::vector<std::string> values;  // the values it takes; empty: any (a switch)
};

// The options passes read. `backend` is the program's, which every pass
// may need; the passes' own options are in `values`, by flag name.
struct PassOptions {
  std::string backend = "a2a3";  // --backend=a2a3|a5
  std::map<std::string, std::string> values;

  // The value of the pass option `flag`: the one set here, else the flag's
  // default ("" when no linked pass defines the flag).
  std::string Get(absl::string_view flag) const;
  // A switch: Get(flag) == "true".
  bool Enabled(absl::string_view flag) const { return Get(flag) == "true"; }
};

// A pass reports problems in one of two ways: return an error Status whose
// message is a formatted diagnostic (ErrorAt), or report every error, warning
// and note to `diagnostics` and return any error Status (its message is then
// not printed). Warnings and notes always go to `diagnostics`.
struct PassContext {
  PassOptions options;
  DiagnosticSink* diagnostics = nullptr;  // never null while a pass runs
};

class Pass {
 public:
  virtual ~Pass() = default;
  virtual absl::string_view name() const = 0;
  // Returns true when the program changed.
  virtual absl::StatusOr<bool> Run(Program& program, PassContext& context) = 0;
  // The pass's own post-conditions, checked by the pipeline after Run and
  // after the generic verifier (e.g. balanced FIFOs after expand-mixed-kernel).
  virtual absl::Status VerifyAfter(const Program& program) const {
    return absl::OkStatus();
  }
};

struct PassInfo {
  std::string name;
  std::string description;
  std::function<std::unique_ptr<Pass>()> create;
  std::vector<PassOptionSpec> options;
};

// Registered passes, sorted by name.
std::vector<const PassInfo*> RegisteredPasses();
const PassInfo* FindPass(absl::string_view name);

// Registers a pass at static-initialization time; link with alwayslink = 1.
//   static PassRegistration<InsertCommFence> reg("insert-comm-fence", "...",
//                                                {{"narrow_regions", {}}});
class PassRegistrationBase {
 protected:
  static void Add(PassInfo info);
};
template <typename P>
class PassRegistration : PassRegistrationBase {
 public:
  PassRegistration(std::string name, std::string description,
                   std::vector<PassOptionSpec> options = {}) {
    Add(PassInfo{std::move(name), std::move(description),
                 [] { return std::unique_ptr<Pass>(new P()); }, std::move(options)});
  }
};

// The default pipeline of architecture.md (without parse and codegen).
std::vector<std::string> DefaultPipeline();

}  // namespace ptoc

#endif  // PTOC_PASSES_PASS_H_
