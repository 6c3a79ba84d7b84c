// The return convention of a split mixed kernel, as PyPTO's ExpandMixedKernel
// has it (README_expand_mixed_kernel.md, "Returns"): the AIC lane returns
// nothing, the AIV lane returns the kernel's values, and the Group returns
// its own parameters when every returned value is an output parameter, else
// the AIV lane's result.
#ifndef PTOC_PASSES_MIXED_KERNEL_RETURNS_H_
#define PTOC_PASSES_MIXED_KERNEL_RETURNS_H_

#include <optional>
#include <vector>

#include "ir/ir.h"

namespace ptoc {
namespace mixed_kernel {

// True when some return of `f` gives back values.
bool ReturnsValues(const Function& f);

// Rewrites the returns of mixed kernel `f` (bodies normalized) so that
// every returned value is a plain name: a value naming one of `f`'s tensor
// parameters (ir/output_returns.h: the parameter, a store into it, a
// loop-carried or branch-merged value of it) becomes that parameter, the
// work of the value first moved into an assignment before the return when
// it is not a name (`return pl.store(t, o, out)` -> `out_ret = pl.store(t,
// o, out)` + `return out`); any other value that is not a name moves into
// an assignment `ret = value` too. A returned parameter needs nothing on
// either lane, so no loop or store is kept on the AIV lane for it. Returns
// true when it changed `f`.
bool PrepareReturns(Function& f);

// After PrepareReturns: for each returned position, the index of the
// parameter of `f` that every return of `f` gives back there; nullopt when
// some return gives back anything else, or two returns disagree.
std::optional<std::vector<int>> ReturnedParams(const Function& f);

// The AIC lane's returns: every return in `s` keeps its place (both lanes
// leave the kernel at the same point) but gives back nothing.
void DropReturnValues(Stmt& s);

}  // namespace mixed_kernel
}  // namespace ptoc

#endif  // PTOC_PASSES_MIXED_KERNEL_RETURNS_H_
