// The async L2 prefetch (pto-isa's TPREFETCH_ASYNC): a GM region staged into
// the L2 cache by the SDMA engine, a context over the runtime's SDMA
// workspace, its session, and the event a caller waits on. A cache hint:
// the simulated GM has no L2, so the prefetch changes nothing a kernel
// reads (as in pto-isa's CPU simulation) and the event is complete at once.
#ifndef PTO_COMM_PREFETCH_HPP_
#define PTO_COMM_PREFETCH_HPP_

#include <cstdint>
#include <type_traits>

#include "pto/common/host_compat.hpp"
#include "pto/common/tile.hpp"

namespace pto {
namespace comm {

struct AsyncSession {};

struct AsyncEvent {
  AICORE bool Wait(const AsyncSession&) const { return true; }
  AICORE bool Test(const AsyncSession&) const { return true; }
};

}  // namespace comm

struct PrefetchAsyncContext {
  __gm__ uint8_t* workspace = nullptr;
  comm::AsyncSession session;

  PrefetchAsyncContext() = default;
  explicit PrefetchAsyncContext(__gm__ uint8_t* w) : workspace(w) {}
};

template <typename GlobalT, std::enable_if_t<is_global_tensor_v<GlobalT>, int> = 0>
AICORE comm::AsyncEvent TPREFETCH_ASYNC(GlobalT&, PrefetchAsyncContext&) {
  return comm::AsyncEvent{};
}

}  // namespace pto

#endif  // PTO_COMM_PREFETCH_HPP_
