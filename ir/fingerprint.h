// A 64-bit fingerprint of what a program's printed text shows, computed by
// walking the IR instead of printing it: the pipeline's check of a pass's
// "unchanged" claim compares the fingerprints before and after the pass
// (printing the program twice cost more than most passes).
//
// It covers every field the printer writes (names, kinds, values,
// attributes, comments, options) and the type of every variable where it is
// defined, also where the printer leaves it to inference (a loop variable):
// a pass that changes only such a type has changed the program too. It
// ignores source locations, Var ids and how statements are grouped into
// nested sequences.
#ifndef PTOC_IR_FINGERPRINT_H_
#define PTOC_IR_FINGERPRINT_H_

#include <cstdint>

#include "ir/ir.h"

namespace ptoc {

uint64_t ProgramFingerprint(const Program& program);

}  // namespace ptoc

#endif  // PTOC_IR_FINGERPRINT_H_
