// Splitting a mixed kernel into its AIC and AIV lanes: which lanes every
// statement and value lives on (the shared control-flow skeleton, pure
// scalar code replicated where it is used, dead code dropped per lane), the
// errors for values one lane needs but only the other can compute, and the
// construction of the two lane functions.
#ifndef PTOC_PASSES_MIXED_KERNEL_LANE_SPLIT_H_
#define PTOC_PASSES_MIXED_KERNEL_LANE_SPLIT_H_

#include <memory>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "ir/diagnostics.h"
#include "ir/ir.h"
#include "passes/mixed_kernel/classify.h"
#include "passes/mixed_kernel/common.h"

namespace ptoc {
namespace mixed_kernel {

// Statements the pass inserted for one lane only (transfers, handshakes).
using PinnedLanes = absl::flat_hash_map<const Stmt*, LaneMask>;

// The lane of a leaf statement for the purposes of this pass: pinned, or by
// the classifier.
LeafLanes LeafLanesOf(const Stmt& leaf, const LaneClassifier& classifier,
                      const PinnedLanes& pinned);

class LanePlacement {
 public:
  LanePlacement(const Function& f, const LaneClassifier& classifier,
                const PinnedLanes& pinned);

  // Computes where everything goes. Reports a value needed on a lane that
  // cannot compute it (and headers pinned to one lane that hold work for
  // the other) as errors in `errors`; returns false when it did.
  bool Run(DiagnosticSink* errors);

  LaneMask Placed(const Stmt* s) const;
  // Lanes that keep a loop-carried value / branch result.
  LaneMask Kept(const Var* v) const;

  // The lane function for `lane` (a copy of the kernel with only what runs
  // on that lane), named `name` and of kind AIC or AIV.
  std::unique_ptr<Function> BuildLane(LaneMask lane, const std::string& name) const;

 private:
  void ComputeAvailability();
  bool AvailStep(const Stmt& seq);
  bool NeedStep(const Stmt& seq);
  LaneMask NeedOfLeaf(const Stmt& leaf, bool* changed);
  void AddNeed(const Expr& e, LaneMask lanes, bool* changed);
  void AddNeed(const Var* v, LaneMask lanes, bool* changed);
  LaneMask AvailOf(const Expr& e) const;
  LaneMask AvailOfVar(const Var* v) const;
  void CheckSeq(const Stmt& seq, DiagnosticSink* errors);
  void CheckUses(const Stmt& user, const Expr& e, LaneMask lanes, bool header,
                 DiagnosticSink* errors);
  const Stmt* RootProducer(const Var* v, LaneMask missing) const;
  bool Present(const Var* v, LaneMask lane) const;
  void FilterSeq(const Stmt& orig, Stmt& copy, LaneMask lane,
                 const std::vector<const Var*>* yield_keys) const;

  const Function& f_;
  const LaneClassifier& classifier_;
  const PinnedLanes& pinned_;
  absl::flat_hash_map<const Var*, LaneMask> avail_;
  absl::flat_hash_map<const Var*, LaneMask> need_;
  absl::flat_hash_map<const Var*, LaneMask> kept_;
  absl::flat_hash_map<const Stmt*, LaneMask> placed_;
  absl::flat_hash_map<const Var*, const Stmt*> def_;
  // A value -> the value it is a version of: its value on a lane without
  // the statement that makes it. A store result -> the GM tensor stored
  // into (the same GM); a loop-carried value -> the loop's initial value,
  // when the loop gives back a version of it (for a tile or scalar: the
  // value itself, unchanged); a branch result -> the value every branch
  // gives back a version of. A lane that keeps no work of the loop or
  // branch reads the origin instead of keeping a construct that only
  // forwards it.
  absl::flat_hash_map<const Var*, const Var*> version_of_;
  absl::flat_hash_map<const Stmt*, const Stmt*> reported_;
};

}  // namespace mixed_kernel
}  // namespace ptoc

#endif  // PTOC_PASSES_MIXED_KERNEL_LANE_SPLIT_H_
