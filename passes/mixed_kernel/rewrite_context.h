// The state shared by the steps that rewrite one mixed kernel before it is
// split into lanes.
#ifndef PTOC_PASSES_MIXED_KERNEL_REWRITE_CONTEXT_H_
#define PTOC_PASSES_MIXED_KERNEL_REWRITE_CONTEXT_H_

#include "ir/diagnostics.h"
#include "ir/ir.h"
#include "passes/mixed_kernel/classify.h"
#include "passes/mixed_kernel/lane_split.h"
#include "passes/pass.h"

namespace ptoc {
namespace mixed_kernel {

struct KernelRewrite {
  Function* kernel = nullptr;  // the InCore function, bodies normalized
  const PassOptions* options = nullptr;
  const LaneClassifier* classifier = nullptr;
  // The kernel has hand-written pipe setup: the pass adds no transfers.
  bool hand_written_setup = false;
  // A split_aiv kernel (dual-aiv.md): the split code of its handshake
  // tokens, which are always the dedicated ones; -1 for other kernels.
  int token_split = -1;
  // Statements inserted for one lane only.
  PinnedLanes pinned;
  // Errors, warnings and notes, in order.
  DiagnosticSink* diagnostics = nullptr;

  // Inserts `stmt` for `lanes` before statement `index` of `seq`.
  Stmt* Insert(Stmt& seq, int index, StmtPtr stmt, LaneMask lanes) {
    Stmt* raw = stmt.get();
    seq.stmts.insert(seq.stmts.begin() + index, std::move(stmt));
    if (lanes != kNoLane) pinned[raw] = lanes;
    return raw;
  }
  LeafLanes LanesOf(const Stmt& leaf) const {
    return LeafLanesOf(leaf, *classifier, pinned);
  }
};

}  // namespace mixed_kernel
}  // namespace ptoc

#endif  // PTOC_PASSES_MIXED_KERNEL_REWRITE_CONTEXT_H_
