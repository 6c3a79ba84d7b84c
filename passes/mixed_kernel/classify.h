// Lane classification of the statements of an InCore kernel (ir.md's lane
// column, and the placement rules of expand-mixed-kernel.md for lane "any").
#ifndef PTOC_PASSES_MIXED_KERNEL_CLASSIFY_H_
#define PTOC_PASSES_MIXED_KERNEL_CLASSIFY_H_

#include "absl/container/flat_hash_map.h"
#include "ir/ir.h"
#include "passes/mixed_kernel/common.h"

namespace ptoc {
namespace mixed_kernel {

// What decides where a leaf statement (Assign / Eval) goes.
struct LeafLanes {
  enum class Kind {
    kFixed,     // runs on `lanes`
    kPure,      // pure scalar code: replicated on every lane that uses it
    kBoundary,  // a tile.move between the lanes (`culprit`)
    kOpaque,    // a call of a program function or an unregistered op (`culprit`)
    kInert,     // no effect and no result: dropped
  };
  Kind kind = Kind::kInert;
  LaneMask lanes = kNoLane;
  const Expr* culprit = nullptr;
};

// Which lanes a kernel's statements need, by the registry's lane rule.
struct KernelWork {
  bool cube = false;
  bool vector = false;
  bool boundary = false;
  bool hand_written_setup = false;  // reserve_buffer / import_peer_buffer / *_initialize_pipe
  // The first hand-written push, pop or free (nullptr when none).
  const Expr* hand_written_transfer = nullptr;
  bool mixed() const { return (cube && vector) || boundary; }
};
KernelWork SurveyKernel(const Function& f);

class LaneClassifier {
 public:
  // Learns from `f` which lane each hand-written buffer feeds (the lane of
  // the *_initialize_pipe that uses the reserve/import result).
  explicit LaneClassifier(const Function& f);

  LeafLanes Classify(const Stmt& leaf) const;
  // The lanes the calls in a compound statement's header (loop bounds,
  // conditions) pin it to; kNoLane when the header is pure.
  LaneMask HeaderLanes(const Stmt& compound) const;

 private:
  // Placement of one call of lane "any" (kNoLane: pure).
  LaneMask AnyCallLanes(const Expr& call, const Stmt& leaf) const;

  absl::flat_hash_map<const Var*, LaneMask> buffer_lanes_;
};

}  // namespace mixed_kernel
}  // namespace ptoc

#endif  // PTOC_PASSES_MIXED_KERNEL_CLASSIFY_H_
