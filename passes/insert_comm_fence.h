// Pass `insert-comm-fence` (spec: insert-comm-fence.md).
//
// Makes cross-rank communication through GM windows memory-safe by adding
// markers next to the statements that need them, by purely local rules:
//   - after a write into a local window: a cacheinvalid of the written
//     window (all of it, or with --narrow-regions just the written
//     sub-region), then a fence;
//   - after a remote write (remote_store, put): a cacheinvalid of the
//     written region in the peer's copy of the window (peer=), then a fence;
//   - after an opaque call (a program function, an unregistered op): a
//     whole-GM cacheinvalid, then a fence;
//   - after a run of wait-only statements (a wait, or a loop / if made only
//     of waits and scalar arithmetic): one whole-GM cacheinvalid;
//   - where a pld.system.test's true result is consumed: a whole-GM
//     cacheinvalid.
// Only InCore, AIC and AIV functions change; statements are only added.
// Markers already in place are recognized, so the pass is idempotent.
#ifndef PTOC_PASSES_INSERT_COMM_FENCE_H_
#define PTOC_PASSES_INSERT_COMM_FENCE_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"
#include "passes/pass.h"

namespace ptoc {

class InsertCommFence : public Pass {
 public:
  absl::string_view name() const override { return "insert-comm-fence"; }
  absl::StatusOr<bool> Run(Program& program, PassContext& context) override;
};

// Adds the markers to one function, whatever its kind. Returns true when it
// added any.
bool InsertCommFences(Function& function, const PassOptions& options);

}  // namespace ptoc

#endif  // PTOC_PASSES_INSERT_COMM_FENCE_H_
