// Pass `materialize-aiv-lanes` (spec: dual-aiv.md, "Pass materialize-aiv-lanes").
//
// Decides, for every AIV function, how its core group is launched and makes
// the function correct under that launch:
//   - dual (a split transport op, or a read of tile.get_subblock_idx, or
//     split_aiv=True): both AIV lanes run the body; the function gains
//     dual_aiv_dispatch=True. On a5 a no-split transport in it is an error.
//   - single with a pipe on a2a3: the group is launched 1C:2V because every
//     handshake is a core-group sync that both AIV subblocks must take part
//     in. The function gains dual_aiv_dispatch=True and its body becomes
//         sb = tile.get_subblock_idx()
//         <setup prefix>
//         if sb == 0: <rest>  else: <replay(rest)>
//     where the replay keeps only the pipe protocol (transports, further pipe
//     setup, mix syncalls, the control flow around them and the pure scalars
//     they need).
//   - otherwise: unchanged (1C:1V).
// A function that already has dual_aiv_dispatch is left alone (idempotent).
// Codegen requires it (CheckNoAivLaneToMaterialize); ptoc-sim, which runs a
// program at any stage, applies it to its input itself.
#ifndef PTOC_PASSES_MATERIALIZE_AIV_LANES_H_
#define PTOC_PASSES_MATERIALIZE_AIV_LANES_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"
#include "passes/pass.h"

namespace ptoc {

class MaterializeAivLanes : public Pass {
 public:
  absl::string_view name() const override { return "materialize-aiv-lanes"; }
  absl::StatusOr<bool> Run(Program& program, PassContext& context) override;
  absl::Status VerifyAfter(const Program& program) const override;
};

// The pass on `program` for `backend` ("a2a3" or "a5"; empty: the program's
// recorded backend, else a2a3). Returns true when it changed the program.
absl::StatusOr<bool> MaterializeAivLanesOf(Program& program, absl::string_view backend = "");

// The post-conditions: every AIV function with a split transport op or a
// read of tile.get_subblock_idx has dual_aiv_dispatch; on a5 no function with
// dual_aiv_dispatch has a no-split transport op.
absl::Status CheckAivLanesMaterialized(const Program& program, absl::string_view backend = "");

// Codegen's precondition: materialize-aiv-lanes would leave every AIV
// function as it is (each one's launch is decided). Else an error at the
// first function that still needs the pass, naming it.
absl::Status CheckNoAivLaneToMaterialize(const Program& program, absl::string_view backend = "");

}  // namespace ptoc

#endif  // PTOC_PASSES_MATERIALIZE_AIV_LANES_H_
