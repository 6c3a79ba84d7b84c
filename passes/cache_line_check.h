// The cache-line rule of comm-hazards.md H2, checked by check-comm-contract.
//
// A data cache line is 64 bytes, and a clean writes the whole line back.
// A cell a kernel writes through its data cache (tensor.write of a window)
// and bytes other ranks write into the same window (a remote store, a
// notify's signal element) must not share a line: cleaning the cell's line
// puts the lane's older copy of their bytes back over them. A window
// parameter is taken to start on a 64-byte boundary (ptoc's launchers and
// ptoc-sim place every window buffer so; a view a host function cuts from a
// window at another offset shifts the lines, which this check does not
// see), so where the kernel fixes both layouts (constant offsets and
// extents of a static shape) the lines are known; elsewhere nothing is
// claimed. Not checked here (ptoc-sim shows them): two parameters viewing
// one window buffer, and cells of one tensor written by different lanes.
#ifndef PTOC_PASSES_CACHE_LINE_CHECK_H_
#define PTOC_PASSES_CACHE_LINE_CHECK_H_

#include <cstdint>
#include <string>
#include <vector>

#include "ir/diagnostics.h"
#include "ir/ir.h"

namespace ptoc {

// A cached cell and another rank's write that share a line of a window.
struct SharedLine {
  const Expr* cell = nullptr;   // the tensor.write
  const Expr* other = nullptr;  // the remote write or notify
  int64_t line = 0;             // the first shared line, from the window's base
  // For the message: the window, and the two boxes ("box[0, 8:16]").
  std::string window, cell_box, other_box;
};

// Every such pair of kernel `f`, one per (cell, other), in program order.
std::vector<SharedLine> FindSharedLines(const Function& f);

// The error at the cell and the note at the other write.
void ReportSharedLine(const Function& f, const SharedLine& s, DiagnosticSink& sink);

}  // namespace ptoc

#endif  // PTOC_PASSES_CACHE_LINE_CHECK_H_
