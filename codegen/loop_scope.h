// Names a loop's body binds, used after the loop.
//
// Python (and ptoc's IR, for a loop that carries no values) lets the names
// a for loop's body binds, and its loop variable, outlive the loop. The
// emitted code declares them inside the loop (a C++ block, an scf.for
// region), where a use after the loop cannot see them, and a loop that runs
// no iteration would leave them undefined. Code generation therefore
// refuses such a use, at the use: the fix is to bind the name before the
// loop, so that the loop carries it. Tensors are exempt: a tensor value
// names its parameter's GM (tensor_origin.h) and declares nothing.
#ifndef PTOC_CODEGEN_LOOP_SCOPE_H_
#define PTOC_CODEGEN_LOOP_SCOPE_H_

#include "absl/status/status.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

absl::Status CheckUsesAfterLoops(const Function& fn);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_LOOP_SCOPE_H_
