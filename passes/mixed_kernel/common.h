// Shared vocabulary of the expand-mixed-kernel pass: lane masks, the names of
// the ops the pass builds, typed op construction through the registry, and
// small IR walkers.
#ifndef PTOC_PASSES_MIXED_KERNEL_COMMON_H_
#define PTOC_PASSES_MIXED_KERNEL_COMMON_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"
#include "ir/registry.h"
#include "ir/walk.h"

namespace ptoc {
namespace mixed_kernel {

// The lanes a statement or value lives on, as a bit mask.
using LaneMask = int;
inline constexpr LaneMask kNoLane = 0;
inline constexpr LaneMask kAic = 1;
inline constexpr LaneMask kAiv = 2;
inline constexpr LaneMask kBothLanes = kAic | kAiv;

// "AIC", "AIV", "both lanes" or "no lane".
std::string LaneMaskName(LaneMask lanes);
// The lane mask of a registry lane (cube -> AIC, vector -> AIV).
LaneMask MaskOfLane(Lane lane);
// The other lane of a single-lane mask.
inline LaneMask OtherLane(LaneMask lane) { return lane == kAic ? kAiv : kAic; }

// Names of the ops the pass creates. Reading ops is done through the
// registry (roles, lanes, pipe directions); these are only for building.
namespace op {
inline constexpr char kPushToAiv[] = "tile.tpush_to_aiv";
inline constexpr char kPushToAic[] = "tile.tpush_to_aic";
inline constexpr char kPopFromAic[] = "tile.tpop_from_aic";
inline constexpr char kPopFromAiv[] = "tile.tpop_from_aiv";
inline constexpr char kFreeToAic[] = "system.tfree_to_aic";
inline constexpr char kFreeToAiv[] = "system.tfree_to_aiv";
inline constexpr char kMove[] = "tile.move";
inline constexpr char kCreate[] = "tile.create";
inline constexpr char kFence[] = "system.fence";
inline constexpr char kCacheInvalid[] = "system.cacheinvalid";
inline constexpr char kSyncAll[] = "system.syncall";
inline constexpr char kReserveBuffer[] = "system.reserve_buffer";
inline constexpr char kImportPeerBuffer[] = "system.import_peer_buffer";
inline constexpr char kAicInitializePipe[] = "system.aic_initialize_pipe";
inline constexpr char kAivInitializePipe[] = "system.aiv_initialize_pipe";
}  // namespace op

// An op call whose type is computed by the registry's result rule; ops typed
// from an annotation (the pops) take `annotated`.
ExprPtr MakeTypedOp(absl::string_view op, std::vector<ExprPtr> args,
                    std::vector<NamedExpr> attrs, const Location& loc,
                    std::optional<Type> annotated = std::nullopt);
ExprPtr MakeLayoutEnum(Layout layout, const Location& loc);
ExprPtr MakeMemoryEnum(MemorySpace memory, const Location& loc);
// A call of function `callee` of the program (`self.callee(args)`).
ExprPtr MakeFunctionCall(const std::string& callee, std::vector<ExprPtr> args,
                         const Location& loc);
// `tile.move(src, target_memory=m[, blayout, slayout])` producing `type`:
// layouts are written only when `type`'s view is not `m`'s implicit one.
ExprPtr MakeMoveTo(Var* src, const Type& type, const Location& loc);
// The FIFO attributes (split, id) of a push/pop, copied for its partner op.
std::vector<NamedExpr> FifoAttrsOf(const Expr& call);

// True for an NZ view (col_major blocks, row_major fractals).
bool IsNz(const Type& tile);

// Every variable referenced inside `e`.
void VisitVars(const Expr& e, const std::function<void(Var*)>& fn);
// Every variable referenced by `s` or anything nested in it (definitions
// excluded), in program order, with repeats.
void VisitReferencedVars(const Stmt& s, const std::function<void(const Var*)>& fn);
// Replaces every variable (references and definitions) with its image
// under `map`.
void ReplaceVars(Stmt& s, const absl::flat_hash_map<const Var*, Var*>& map);

// Makes every body of `body` (recursively) a Seq, an empty one for a loop
// without a body, and flattens Seqs nested directly in Seqs, so that
// statements can be inserted by index.
void NormalizeBodies(StmtPtr& body);

}  // namespace mixed_kernel
}  // namespace ptoc

#endif  // PTOC_PASSES_MIXED_KERNEL_COMMON_H_
