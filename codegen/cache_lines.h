// The cache lines a GM region touches, for region invalidates.
//
// A single-line invalidate (`pto.cmo.cacheinvalid %pv single_cache_line`,
// `dcci(p, SINGLE_CACHE_LINE)`) cleans only the 64-byte line holding the
// view's base address, so a region needs one per line it touches. Lines are
// counted from the tensor's base, taken to be 64-byte aligned, with the
// row-major strides of the whole tensor (the run-time loop form finds its
// line starts from the base's address instead, see RegionLines). A region of more than
// kMaxSingleLineInvalidates lines falls back to one whole-GM invalidate. A
// region whose offsets or strides are only known at run time is a loop over
// its lines when it is one run of the last dim (every other size 1) of a
// static length that touches at most kMaxSingleLineInvalidates lines
// wherever it starts; any other such region falls back too.
#ifndef PTOC_CODEGEN_CACHE_LINES_H_
#define PTOC_CODEGEN_CACHE_LINES_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace ptoc {
namespace codegen {

constexpr int64_t kCacheLineBytes = 64;
constexpr int kMaxSingleLineInvalidates = 16;

// One touched line and a view whose base lies in it: the first element of
// the region in that line (in address order), and how many elements of that
// region row follow it inside the line.
struct LineAccess {
  int64_t line = 0;              // line number from the tensor base
  std::vector<int64_t> offsets;  // N-D element offsets of the view's base
  int64_t elements = 0;          // contiguous elements of the view (last dim)
};

struct RegionLines {
  bool whole_gm = false;        // fall back to the whole-GM invalidate
  std::string fallback_reason;  // why, when whole_gm
  std::vector<LineAccess> lines;  // in address order, each line once
  // The run-time form: the region is one run of `run_elements` elements of
  // the last dim at a position known only at run time. The target
  // invalidates the line of the run's first element f, then, in a loop,
  // the line of every element e with f < e < f + run_elements that starts
  // a line (e + k a multiple of `elements_per_line`, where the tensor base
  // lies k elements past a line start; the target reads k from the base's
  // address). `lines` is empty.
  bool line_loop = false;
  int64_t run_elements = 0;
  int64_t elements_per_line = 0;
};

// A dim, offset or size: known at compile time, or std::nullopt.
using MaybeInt = std::optional<int64_t>;

// The lines of the region [offsets, offsets + sizes) of a row-major tensor
// of `tensor_shape` with `element_bytes`-byte elements. A static region
// outside the tensor, negative values or mismatched ranks are errors.
absl::StatusOr<RegionLines> LinesOfRegion(const std::vector<MaybeInt>& tensor_shape,
                                          int element_bytes,
                                          const std::vector<MaybeInt>& offsets,
                                          const std::vector<MaybeInt>& sizes);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_CACHE_LINES_H_
