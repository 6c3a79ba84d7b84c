// The cross-core pipe setup at the start of both lanes of a split kernel
// (expand-mixed-kernel.md, "Pipe setup"), and the ring-depth rule.
#ifndef PTOC_PASSES_MIXED_KERNEL_PIPE_SETUP_H_
#define PTOC_PASSES_MIXED_KERNEL_PIPE_SETUP_H_

#include <cstdint>

#include "ir/checked_math.h"
#include "ir/diagnostics.h"
#include "ir/ir.h"

namespace ptoc {
namespace mixed_kernel {

// Bytes of one FIFO slot holding `tile`: rows x cols x element bytes, an
// NZ/ZN tile padded to whole fractals (rows to 16, columns to 32 bytes);
// not ok() when that does not fit in 64 bits.
CheckedInt SlotBytes(const Type& tile);

// Prepends the setup to `aic` and `aiv` (the lanes of `kernel`) when they
// exchange anything, raising slot_num to the ring depth they need (with a
// note). Errors (pushed tiles of dynamic shape) go to `diagnostics`.
void InsertPipeSetup(const Function& kernel, Function& aic, Function& aiv,
                     DiagnosticSink* diagnostics);

// For a kernel with hand-written setup: reports a lane that holds more
// popped tiles than the hand-written slot_num.
void CheckHandWrittenRingDepth(const Function& kernel, const Function& aic,
                               const Function& aiv, DiagnosticSink* diagnostics);

}  // namespace mixed_kernel
}  // namespace ptoc

#endif  // PTOC_PASSES_MIXED_KERNEL_PIPE_SETUP_H_
