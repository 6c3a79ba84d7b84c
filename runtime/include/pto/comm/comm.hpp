// Communication between ranks through GM windows: signals (TNOTIFY, TWAIT,
// TTEST on one int32 element of a window) and bulk copies to and from a
// peer's window through a UB staging tile (TPUT, TGET).
#ifndef PTO_COMM_COMM_HPP_
#define PTO_COMM_COMM_HPP_

#include <cstdint>
#include <type_traits>

#include "pto/common/host_compat.hpp"
#include "pto/common/sim_hooks.hpp"
#include "pto/common/tile.hpp"
#include "pto/common/types.hpp"

namespace pto {
namespace comm {
namespace detail {

template <typename GlobalT>
constexpr bool signal_v =
    is_global_tensor_v<GlobalT> && std::is_same<typename GlobalT::DType, int32_t>::value;

// Two GM regions of one element type and a UB staging tile of it.
template <typename DstT, typename SrcT, typename StageT>
constexpr bool copy_v = is_global_tensor_v<DstT> && is_global_tensor_v<SrcT> &&
                        is_tile_in_v<StageT, TileType::Vec> &&
                        std::is_same<typename DstT::DType, typename SrcT::DType>::value &&
                        std::is_same<typename DstT::DType, typename StageT::DType>::value;

}  // namespace detail

// Sets or atomically adds `value` to the signal (typically a peer's).
template <typename GlobalT, std::enable_if_t<detail::signal_v<GlobalT>, int> = 0>
AICORE void TNOTIFY(GlobalT& signal, int32_t value, NotifyOp op,
                    sim::CallSite site = sim::CallSite::Here()) {
  sim::Notify(sim::DescribeGlobal(signal), value, op, site);
}

// Spins until `signal cmp value` holds.
template <typename GlobalT, std::enable_if_t<detail::signal_v<GlobalT>, int> = 0>
AICORE void TWAIT(GlobalT& signal, int32_t value, WaitCmp cmp,
                  sim::CallSite site = sim::CallSite::Here()) {
  sim::Wait(sim::DescribeGlobal(signal), value, cmp, site);
}

// True when `signal cmp value` already holds.
template <typename GlobalT, std::enable_if_t<detail::signal_v<GlobalT>, int> = 0>
AICORE bool TTEST(GlobalT& signal, int32_t value, WaitCmp cmp,
                  sim::CallSite site = sim::CallSite::Here()) {
  return sim::Test(sim::DescribeGlobal(signal), value, cmp, site);
}

// Copies the local region `src` into the (peer) region `dst` through
// `stage`; a DMA the caller completes with pipe_barrier(PIPE_ALL).
template <AtomicType Atomic = AtomicType::AtomicNone, typename DstT, typename SrcT,
          typename StageT, std::enable_if_t<detail::copy_v<DstT, SrcT, StageT>, int> = 0>
AICORE void TPUT(DstT& dst, SrcT& src, StageT& stage, sim::CallSite site = sim::CallSite::Here()) {
  sim::Put(sim::DescribeGlobal(dst), sim::DescribeGlobal(src), sim::Describe(stage), Atomic,
           site);
}

// Copies the (peer) region `src` into the local region `dst` through `stage`.
template <typename DstT, typename SrcT, typename StageT,
          std::enable_if_t<detail::copy_v<DstT, SrcT, StageT>, int> = 0>
AICORE void TGET(DstT& dst, SrcT& src, StageT& stage, sim::CallSite site = sim::CallSite::Here()) {
  sim::Get(sim::DescribeGlobal(dst), sim::DescribeGlobal(src), sim::Describe(stage), site);
}

}  // namespace comm
}  // namespace pto

#endif  // PTO_COMM_COMM_HPP_
