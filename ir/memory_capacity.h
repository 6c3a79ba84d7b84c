// The on-chip memories of each backend: their capacities and the buffer a
// tile occupies in them. The one table both the verifier (a tile larger than
// its memory is an error) and the C++ target's memory plan use.
#ifndef PTOC_IR_MEMORY_CAPACITY_H_
#define PTOC_IR_MEMORY_CAPACITY_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "ir/checked_math.h"
#include "ir/types.h"

namespace ptoc {

enum class Backend { kA2A3, kA5 };

// "" and "a2a3" -> a2a3, "a5" -> a5, anything else nullopt.
std::optional<Backend> ParseBackend(absl::string_view name);
absl::string_view BackendName(Backend b);  // "a2a3" | "a5"

// Bytes of on-chip memory `m` on `backend` (UB, L1, L0A, L0B, L0C, bias
// table); 0 for DDR.
int64_t MemoryCapacity(MemorySpace m, Backend backend);

// The buffer of a tile as the hardware lays it out: leading dims fold into
// rows (TLOAD reads an N-D region as rows x last dim); fractal layouts (NZ,
// ZN, and Acc) are padded to whole 16 x (32 / element bytes) boxes, and
// row-major ND rows to 32 bytes.
struct TileBuffer {
  CheckedInt rows = 0;  // before padding
  CheckedInt cols = 0;
  CheckedInt padded_rows = 0;
  CheckedInt padded_cols = 0;
  CheckedInt bytes = 0;  // of the padded buffer
};

// The buffer of `tile` in `memory` with second-level layout `slayout`; its
// shape must be static and not empty.
TileBuffer TileBufferOf(const Shape& shape, DType dtype, MemorySpace memory, Layout slayout);

// "tile 'NAME' needs N bytes, more than the M bytes of SPACE on BACKEND" when
// a tile of static shape `type` outgrows its memory on `backend`, else
// nullopt. Passes that make tiles report it at the statement they wrote.
std::optional<std::string> TileOverflow(absl::string_view name, const Type& type,
                                        Backend backend);

}  // namespace ptoc

#endif  // PTOC_IR_MEMORY_CAPACITY_H_
