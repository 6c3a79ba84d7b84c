// On-chip addresses for the C++ target, where the code generator places
// every buffer itself (ptoas plans memory for the .pto target).
//
// Reserved FIFO buffers come first: at their `base` when one is given, else
// packed from address 0 of the lane's local memory (UB on AIV, L1 on AIC).
// Tiles follow, each at its own 512-byte aligned address for the whole
// kernel (no reuse between tiles whose lifetimes do not overlap).
#ifndef PTOC_CODEGEN_MEMORY_PLAN_H_
#define PTOC_CODEGEN_MEMORY_PLAN_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "codegen/target_info.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

constexpr int64_t kBufferAlignment = 512;

struct ReservedBuffer {
  std::string name;
  MemorySpace space = MemorySpace::kVec;
  int64_t base = 0;
  int64_t size = 0;
};

// The placements of the system.reserve_buffer ops of kernel `fn`, in order.
absl::StatusOr<std::vector<ReservedBuffer>> PlanReservedBuffers(const Function& fn,
                                                                Backend backend);

// Hands out tile addresses after the reserved buffers.
class TileAllocator {
 public:
  TileAllocator(Backend backend, const std::vector<ReservedBuffer>& reserved);
  // The address of a new tile; an error at `loc` when the memory is full.
  absl::StatusOr<int64_t> Allocate(const TileGeometry& g, const Location& loc);

 private:
  Backend backend_;
  std::array<int64_t, kNumMemorySpaces> next_ = {};  // by MemorySpace
};

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_MEMORY_PLAN_H_
