// The memory-ordering markers of a program's kernels (system.fence,
// region and whole-GM system.cacheinvalid), numbered in program order, and
// the program without one of them: what --list-markers / --drop-marker of
// ptoc-sim and the removal tests use to show that each marker matters.
#ifndef PTOC_RUNTIME_MARKERS_H_
#define PTOC_RUNTIME_MARKERS_H_

#include <memory>
#include <string>
#include <vector>

#include "ir/ir.h"

namespace ptoc {
namespace sim {

// A system.fence or system.cacheinvalid statement of a kernel function.
struct Marker {
  // kPeerInvalidate: a region of a peer's copy of a window (peer=).
  enum class Kind { kFence, kRegionInvalidate, kPeerInvalidate, kWholeInvalidate };
  Kind kind;
  Location loc;
  const Stmt* stmt = nullptr;      // the marker statement
  const Stmt* previous = nullptr;  // the statement before it in its body, if any
  std::string function;
};

// "fence", "region invalidate", "peer invalidate" or "whole invalidate".
const char* MarkerKindName(Marker::Kind kind);

// Every marker of every AIC / AIV / InCore function, in program order.
std::vector<Marker> Markers(const Program& program);

// A copy of `program` without its `index`-th marker (in Markers' order).
std::unique_ptr<Program> WithoutMarker(const Program& program, int index);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_MARKERS_H_
