// The core intrinsics the generated code calls directly: pipe barriers,
// flags, the data-sync barrier and data-cache maintenance. On the device
// they are compiler built-ins; on the host they are declared here and
// defined by the simulator (runtime/device/sync_hooks.cc).
#ifndef PTO_COMMON_INTRINSICS_HPP_
#define PTO_COMMON_INTRINSICS_HPP_

#include <cstdint>

#include "pto/common/call_site.hpp"
#include "pto/common/host_compat.hpp"

#if !defined(__CCE__)

// The pipes of an AI core. A vector core has no PIPE_FIX.
enum pipe_t : int {
  PIPE_S = 0,
  PIPE_V,
  PIPE_M,
  PIPE_MTE1,
  PIPE_MTE2,
  PIPE_MTE3,
  PIPE_ALL,
  PIPE_MTE4,
  PIPE_MTE5,
  PIPE_V2,
  PIPE_FIX,
};

enum event_t : int {
  EVENT_ID0 = 0,
  EVENT_ID1,
  EVENT_ID2,
  EVENT_ID3,
  EVENT_ID4,
  EVENT_ID5,
  EVENT_ID6,
  EVENT_ID7,
};

// What dsb() waits for.
enum mem_dsb_t : int { DSB_ALL = 0, DSB_DDR, DSB_UB, DSB_SEQ };

// dcci(): one 64-byte line (the one holding the address) or the whole cache.
enum class cache_line_t : int { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE = 1 };
enum class dcci_dst_t : int {
  CACHELINE_ALL = 0,
  CACHELINE_UB,
  CACHELINE_OUT,
  CACHELINE_ATOMIC,
};

// Each takes the call's place last (pto/common/call_site.hpp).

// Waits until every instruction issued to `pipe` (all pipes: PIPE_ALL) is done.
AICORE void pipe_barrier(pipe_t pipe,
                         pto::sim::CallSite site = pto::sim::CallSite::Here());
// Data synchronization barrier: prior memory accesses of `type` complete.
AICORE void dsb(mem_dsb_t type, pto::sim::CallSite site = pto::sim::CallSite::Here());
// Cleans (writes back dirty bytes of) and invalidates data-cache lines.
AICORE void dcci(__gm__ void* address, cache_line_t range,
                 pto::sim::CallSite site = pto::sim::CallSite::Here());
AICORE void dcci(__gm__ void* address, cache_line_t range, dcci_dst_t destination,
                 pto::sim::CallSite site = pto::sim::CallSite::Here());
// Cross-pipe events.
AICORE void set_flag(pipe_t from, pipe_t to, event_t event,
                     pto::sim::CallSite site = pto::sim::CallSite::Here());
AICORE void wait_flag(pipe_t from, pipe_t to, event_t event,
                      pto::sim::CallSite site = pto::sim::CallSite::Here());
// Which vector subblock of its core group this lane is (0 or 1).
AICORE int64_t get_subblockid();
// Which block of the launch this core group runs, and how many there are
// (the simulator launches one block per device).
AICORE int64_t get_block_idx();
AICORE int64_t get_block_num();
// The vector mask: normal mode, all lanes on. The simulator computes whole
// tiles, so these only have to exist.
AICORE inline void set_mask_norm() {}
AICORE inline void set_vector_mask(uint64_t high, uint64_t low) {
  (void)high;
  (void)low;
}

#endif  // !__CCE__

#endif  // PTO_COMMON_INTRINSICS_HPP_
