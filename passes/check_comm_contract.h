// Pass `check-comm-contract` (insert-comm-fence.md, "Checking the
// contract"): changes nothing, and reports every path of a kernel on which
//   - a write into a local window reaches a notify or the end of the kernel
//     without an invalidate covering the written region followed by a fence;
//   - a remote write, or an opaque call, reaches a notify or the end of the
//     kernel without a fence after it (for an opaque call: a whole-GM
//     invalidate, then the fence; for a remote write in a kernel that names
//     its peer invalidates, comm-hazards.md H6: a peer region invalidate
//     covering the written region, or a whole-GM one, then the fence);
//   - a wait, or a test that returned true, reaches a GM read (tensor.read,
//     tile.load, pld.tile.remote_load) without a whole-GM invalidate;
//   - the kernel's start reaches a read of window data through the data
//     cache (tensor.read of a DistributedTensor) without a whole-GM
//     invalidate or a wait (whose own rule then asks for one): lines an
//     earlier kernel on the same core left in the cache may be stale
//     (comm-hazards.md H5);
// and every cell written through the data cache that shares a 64-byte line
// with bytes other ranks write into the same window (comm-hazards.md H2,
// passes/cache_line_check.h).
// The contract is a forward dataflow analysis over the statement graph
// (branches and loop back edges), solved to a fixed point: its cost grows
// with the size of the program, not with the number of paths.
#ifndef PTOC_PASSES_CHECK_COMM_CONTRACT_H_
#define PTOC_PASSES_CHECK_COMM_CONTRACT_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/diagnostics.h"
#include "ir/ir.h"
#include "passes/pass.h"

namespace ptoc {

// One broken obligation: a statement whose effect is still pending when a
// path reaches a statement that needs it settled. Along each path only the
// first such statement is reported.
struct CommViolation {
  enum class Kind { kLocalWrite, kRemoteWrite, kOpaqueWrite, kWait, kTest, kKernelStart };
  Kind kind;
  // The write, call, wait or test statement (kKernelStart: nullptr).
  const Stmt* offender = nullptr;
  const Expr* call = nullptr;      // the offending call inside it
  // The notify or GM read it reaches; for the end of the kernel, the
  // `return` (nullptr when the path runs off the end of the body).
  const Stmt* endangered = nullptr;
  // kRemoteWrite in a kernel that names its peer region invalidates: the
  // missing marker may be that invalidate, not only the fence.
  bool names_peer_invalidates = false;

  bool operator==(const CommViolation& o) const {
    return kind == o.kind && offender == o.offender && call == o.call &&
           endangered == o.endangered;
  }
};

// The violations of one function, in the order of the offending statements
// in the program (then of what they endanger).
std::vector<CommViolation> FindCommViolations(const Function& function);

// The error and its note for one violation.
void ReportCommViolation(const Function& function, const CommViolation& violation,
                         DiagnosticSink& sink);

class CheckCommContract : public Pass {
 public:
  absl::string_view name() const override { return "check-comm-contract"; }
  // Never changes the program: returns false, or an error when a kernel
  // breaks the contract (the diagnostics go to context.diagnostics).
  absl::StatusOr<bool> Run(Program& program, PassContext& context) override;
};

}  // namespace ptoc

#endif  // PTOC_PASSES_CHECK_COMM_CONTRACT_H_
