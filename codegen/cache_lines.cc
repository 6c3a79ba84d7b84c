#include "codegen/cache_lines.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "ir/checked_math.h"

namespace ptoc {
namespace codegen {
namespace {

RegionLines WholeGm(std::string reason) {
  RegionLines r;
  r.whole_gm = true;
  r.fallback_reason = std::move(reason);
  return r;
}

// A region that cannot be counted at compile time (`reason`): the loop
// form when it is one run of the last dim of a static length short enough,
// else the whole-GM form.
RegionLines RunTimeRegion(const std::vector<MaybeInt>& sizes, int element_bytes,
                          std::string reason) {
  const size_t rank = sizes.size();
  for (size_t i = 0; i + 1 < rank; ++i) {
    if (!sizes[i] || *sizes[i] != 1) return WholeGm(std::move(reason));
  }
  const MaybeInt run = sizes[rank - 1];
  if (!run || *run < 0) return WholeGm(std::move(reason));
  RegionLines r;
  if (*run == 0) return r;  // an empty region touches nothing
  // The most lines a run of `run` elements touches: it starts at most
  // kCacheLineBytes - element_bytes bytes into a line.
  const CheckedInt span = CheckedInt(*run) * element_bytes + (kCacheLineBytes - element_bytes);
  if (!span.ok() ||
      (span.value() + kCacheLineBytes - 1) / kCacheLineBytes > kMaxSingleLineInvalidates) {
    return WholeGm(absl::StrCat("the region may touch more than ", kMaxSingleLineInvalidates,
                                " cache lines"));
  }
  r.line_loop = true;
  r.run_elements = *run;
  r.elements_per_line = kCacheLineBytes / element_bytes;
  return r;
}

}  // namespace

absl::StatusOr<RegionLines> LinesOfRegion(const std::vector<MaybeInt>& tensor_shape,
                                          int element_bytes,
                                          const std::vector<MaybeInt>& offsets,
                                          const std::vector<MaybeInt>& sizes) {
  const size_t rank = tensor_shape.size();
  if (offsets.size() != rank || sizes.size() != rank) {
    return absl::InvalidArgumentError(
        absl::StrCat("the region has ", offsets.size(), " offsets and ", sizes.size(),
                     " sizes for a tensor of rank ", rank));
  }
  if (element_bytes <= 0 || kCacheLineBytes % element_bytes != 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("unsupported element size ", element_bytes));
  }
  if (rank == 0) {
    RegionLines r;
    r.lines.push_back(LineAccess{0, {}, 1});
    return r;
  }
  for (size_t i = 0; i < rank; ++i) {
    if (!offsets[i] || !sizes[i]) {
      return RunTimeRegion(sizes, element_bytes,
                           "the region's offsets or sizes are not known at compile time");
    }
    if (*offsets[i] < 0 || *sizes[i] < 0) {
      return absl::InvalidArgumentError("the region has a negative offset or size");
    }
    const CheckedInt end = CheckedInt(*offsets[i]) + *sizes[i];
    if (!end.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("the end of dim ", i, " of the region: ", DoesNotFitMessage("it")));
    }
    if (tensor_shape[i] && end.value() > *tensor_shape[i]) {
      return absl::InvalidArgumentError(
          absl::StrCat("the region [", *offsets[i], ", ", end.value(), ") of dim ", i,
                       " lies outside the tensor (size ", *tensor_shape[i], ")"));
    }
  }
  // The first dim does not enter the strides.
  for (size_t i = 1; i < rank; ++i) {
    if (!tensor_shape[i]) {
      return RunTimeRegion(sizes, element_bytes,
                           "the tensor's strides are not known at compile time");
    }
  }
  std::vector<int64_t> strides(rank, 1);
  for (int i = static_cast<int>(rank) - 2; i >= 0; --i) {
    const CheckedInt stride = CheckedInt(strides[i + 1]) * *tensor_shape[i + 1];
    if (!stride.ok()) return WholeGm("the tensor is too large to count its lines");
    strides[i] = stride.value();
  }
  RegionLines result;
  for (size_t i = 0; i < rank; ++i) {
    if (*sizes[i] == 0) return result;  // an empty region touches nothing
  }
  const int64_t row_elements = *sizes[rank - 1];
  // Walk the region's rows in address order (an odometer over the leading
  // dims); each row is a contiguous run of the last dim.
  std::vector<int64_t> index(rank, 0);
  for (size_t i = 0; i < rank; ++i) index[i] = *offsets[i];
  while (true) {
    CheckedInt start = 0;  // element offset of the row's first element
    for (size_t i = 0; i < rank; ++i) start += CheckedInt(index[i]) * strides[i];
    const CheckedInt start_bytes = start * element_bytes;
    const CheckedInt end_bytes = (start + row_elements) * element_bytes;
    if (!end_bytes.ok() || !start_bytes.ok()) {
      return WholeGm("the tensor is too large to count its lines");
    }
    const int64_t row_start = start.value();
    const int64_t start_byte = start_bytes.value();
    const int64_t end_byte = end_bytes.value();
    for (int64_t line = start_byte / kCacheLineBytes;
         line <= (end_byte - 1) / kCacheLineBytes; ++line) {
      if (!result.lines.empty() && result.lines.back().line == line) continue;
      const int64_t first = std::max(start_byte, line * kCacheLineBytes) / element_bytes;
      const int64_t last = std::min(end_byte, (line + 1) * kCacheLineBytes) / element_bytes;
      LineAccess access;
      access.line = line;
      access.offsets = index;
      access.offsets[rank - 1] = index[rank - 1] + (first - row_start);
      access.elements = last - first;
      result.lines.push_back(std::move(access));
      if (static_cast<int>(result.lines.size()) > kMaxSingleLineInvalidates) {
        return WholeGm(absl::StrCat("the region touches more than ",
                                    kMaxSingleLineInvalidates, " cache lines"));
      }
    }
    // Next row: advance the odometer over dims 0 .. rank-2.
    int d = static_cast<int>(rank) - 2;
    for (; d >= 0; --d) {
      if (++index[d] < *offsets[d] + *sizes[d]) break;
      index[d] = *offsets[d];
    }
    if (d < 0) break;
  }
  return result;
}

}  // namespace codegen
}  // namespace ptoc
