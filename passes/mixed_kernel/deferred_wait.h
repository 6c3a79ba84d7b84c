// PyPTO's deferred-waiter contract (`pld.system.defer_wait`, the registry's
// OpInfo::deferred_wait), checked by expand-mixed-kernel over the whole
// program before it splits anything, as PyPTO's ExpandMixedKernel does
// (`expand_mixed_kernel_pass.cpp`, `deferred_wait_contract.h`):
//
// - Where a deferred wait may be written: in the body of a task-level
//   `with pl.at(level=pl.Level.CORE_GROUP)` scope of an orchestration
//   function (PyPTO outlines it into the waiter; ptoc keeps the scope), or in
//   a waiter function: an InCore (or its AIV form) marked
//   `pl.func_attr({"deferred_completion_waiter": True})`, without core_num /
//   sync_start, called from an Orchestration function without
//   allow_early_resolve, predicate, core_num or sync_start, at least once.
// - What may follow it (the body contract): only scalar bookkeeping (scalar
//   expressions; a tensor.read before the first registration), sequential
//   or unrolled loops, ifs and further registrations; a loop that registers
//   runs a static, positive number of times; at most 64 registrations.
#ifndef PTOC_PASSES_MIXED_KERNEL_DEFERRED_WAIT_H_
#define PTOC_PASSES_MIXED_KERNEL_DEFERRED_WAIT_H_

#include "ir/diagnostics.h"
#include "ir/ir.h"

namespace ptoc {
namespace mixed_kernel {

// Reports every violation of the contract in `program` into `d`, each at
// its statement or expression.
void CheckDeferredWaiters(const Program& program, DiagnosticSink* d);

}  // namespace mixed_kernel
}  // namespace ptoc

#endif  // PTOC_PASSES_MIXED_KERNEL_DEFERRED_WAIT_H_
