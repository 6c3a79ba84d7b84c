#include "ir/memory_capacity.h"

#include "absl/strings/str_cat.h"

namespace ptoc {

std::optional<Backend> ParseBackend(absl::string_view name) {
  if (name.empty() || name == "a2a3") return Backend::kA2A3;
  if (name == "a5") return Backend::kA5;
  return std::nullopt;
}

absl::string_view BackendName(Backend b) { return b == Backend::kA5 ? "a5" : "a2a3"; }

int64_t MemoryCapacity(MemorySpace m, Backend backend) {
  const bool a5 = backend == Backend::kA5;
  switch (m) {
    case MemorySpace::kVec: return (a5 ? 256 : 192) * 1024;
    case MemorySpace::kMat: return 512 * 1024;
    case MemorySpace::kLeft: return 64 * 1024;
    case MemorySpace::kRight: return 64 * 1024;
    case MemorySpace::kAcc: return (a5 ? 256 : 128) * 1024;
    case MemorySpace::kBias: return (a5 ? 4 : 1) * 1024;
    // PyPTO's 950 (a5) SoC: 4 KB each; a2a3 has no MX scale buffers.
    case MemorySpace::kLeftScale: return a5 ? 4 * 1024 : 0;
    case MemorySpace::kRightScale: return a5 ? 4 * 1024 : 0;
    case MemorySpace::kDDR: return 0;
  }
  return 0;
}

TileBuffer TileBufferOf(const Shape& shape, DType dtype, MemorySpace memory, Layout slayout) {
  TileBuffer b;
  b.rows = 1;
  for (size_t i = 0; i + 1 < shape.size(); ++i) b.rows *= shape[i].value;
  b.cols = shape.empty() ? 1 : shape.back().value;
  const int64_t elem = DTypeBytes(dtype);
  const int64_t box_cols = 32 / elem;
  // One row in Mat, Left or Acc stays one row: pto-isa's Tile admits
  // Rows == 1 for a boxed layout (the gemv vector, its result and the bias
  // row), its cube takes Left and Acc of one row count, and ptoas moves Mat
  // into Left or Bias only between tiles of one physical shape.
  const bool one_row = b.rows.ok() && b.rows.value() == 1 &&
                       (memory == MemorySpace::kMat || memory == MemorySpace::kLeft ||
                        memory == MemorySpace::kAcc);
  if (memory == MemorySpace::kAcc) {
    b.padded_rows = one_row ? b.rows : RoundUp(b.rows, 16);
    b.padded_cols = RoundUp(b.cols, 16);
  } else if (slayout == Layout::kRowMajor) {
    b.padded_rows = one_row ? b.rows : RoundUp(b.rows, 16);
    b.padded_cols = RoundUp(b.cols, box_cols);
  } else if (slayout == Layout::kColMajor) {
    b.padded_rows = RoundUp(b.rows, box_cols);
    b.padded_cols = RoundUp(b.cols, 16);
  } else {
    b.padded_rows = b.rows;
    b.padded_cols = RoundUp(b.cols, box_cols);
  }
  b.bytes = b.padded_rows * b.padded_cols * elem;
  return b;
}

std::optional<std::string> TileOverflow(absl::string_view name, const Type& type,
                                        Backend backend) {
  if (!type.is_tile() || !type.has_static_shape() || type.shape().empty() ||
      type.memory() == MemorySpace::kDDR) {
    return std::nullopt;
  }
  const TileBuffer buffer =
      TileBufferOf(type.shape(), type.dtype(), type.memory(), type.view().slayout);
  const int64_t capacity = MemoryCapacity(type.memory(), backend);
  if (!buffer.bytes.ok() || buffer.bytes.value() <= capacity) return std::nullopt;
  return absl::StrCat("tile '", name, "' needs ", buffer.bytes.value(), " bytes, more than the ",
                      capacity, " bytes of ", MemorySpaceName(type.memory()), " on ",
                      BackendName(backend));
}

}  // namespace ptoc
