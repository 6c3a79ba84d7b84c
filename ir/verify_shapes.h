// The verifier's rules on shapes, offsets and sizes: what a hostile kernel
// (or a hand-edited .pb) can write that no later tool could lower.
//
// - Tensor and tile dimensions are positive, and their sizes in bytes fit
//   in 64 bits.
// - A tile fits its memory space on the program's backend (the capacities
//   of ir/memory_capacity.h, the table the C++ target's memory plan uses).
// - A parameter's direction is one PyPTO allows (no InOut scalar).
// - The offsets and shapes of a GM access are lists of integer scalars and
//   the peer an integer scalar, as the op catalog says.
// - A GM access whose offsets and extents are constants stays inside its
//   tensor in every dimension, and its byte offset fits in 64 bits.
//
// Dynamic dimensions, offsets and extents are checked when the program runs
// (ptoc-sim reports an out-of-bounds access at the statement).
#ifndef PTOC_IR_VERIFY_SHAPES_H_
#define PTOC_IR_VERIFY_SHAPES_H_

#include "ir/diagnostics.h"
#include "ir/ir.h"

namespace ptoc {

// Reports every violation in `program` to `sink`, at its statement.
void VerifyShapes(const Program& program, DiagnosticSink& sink);

}  // namespace ptoc

#endif  // PTOC_IR_VERIFY_SHAPES_H_
