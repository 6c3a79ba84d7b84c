// Scalar reads of GM made visible to the simulator (ptoc-run-cpp).
//
// Emitted kernels read GM scalars through plain pointers (`v = ptr[i]`),
// which the host cannot intercept. A kernel object compiled with
//
//   -fsanitize=kernel-address --param asan-instrumentation-with-call-threshold=0
//   --param asan-stack=0 --param asan-globals=0
//
// calls __asan_load<N>_noabort(address) before every load it makes and
// __asan_store<N>_noabort before every store (the kernel flavour of the
// address sanitizer keeps no shadow memory of its own with these
// parameters: every check is such a call). The definitions below, hidden in
// the object so that they never meet a real sanitizer runtime, pass each
// load to pto::sim::ScalarRead, which checks a load from GM for staleness
// and races as ptoc-sim checks tensor.read. Stores need nothing here: the
// simulator finds the bytes a lane changed by comparing GM with what it
// showed the lane. Without the flags no load is seen, and scalar reads are
// not checked.
#ifndef PTO_COMMON_SCALAR_READS_HPP_
#define PTO_COMMON_SCALAR_READS_HPP_

#include <cstddef>
#include <cstdint>

namespace pto {
namespace sim {

// The kernel of the calling lane loads `bytes` bytes at `address` (any
// address: the simulator keeps those in GM).
void ScalarRead(const void* address, uint64_t bytes);

}  // namespace sim
}  // namespace pto

// Only in a kernel object (compiled for a core type), never in the
// simulator that includes this API to define it.
#if defined(__SANITIZE_ADDRESS__) && !defined(__CCE__) && \
    (defined(__DAV_VEC__) || defined(__DAV_CUBE__))

// weak: every translation unit that includes this header defines them.
#define PTO_SIM_SANITIZER_HOOK extern "C" __attribute__((visibility("hidden"), weak, used, no_sanitize_address))

#define PTO_SIM_LOAD_HOOK(n)                                                            \
  PTO_SIM_SANITIZER_HOOK void __asan_load##n##_noabort(void* address) {                 \
    pto::sim::ScalarRead(address, n);                                                   \
  }                                                                                     \
  PTO_SIM_SANITIZER_HOOK void __asan_store##n##_noabort(void*) {}

PTO_SIM_LOAD_HOOK(1)
PTO_SIM_LOAD_HOOK(2)
PTO_SIM_LOAD_HOOK(4)
PTO_SIM_LOAD_HOOK(8)
PTO_SIM_LOAD_HOOK(16)

PTO_SIM_SANITIZER_HOOK void __asan_loadN_noabort(void* address, size_t bytes) {
  pto::sim::ScalarRead(address, bytes);
}
PTO_SIM_SANITIZER_HOOK void __asan_storeN_noabort(void*, size_t) {}

#undef PTO_SIM_LOAD_HOOK
#undef PTO_SIM_SANITIZER_HOOK

#endif  // __SANITIZE_ADDRESS__ in a kernel object

#endif  // PTO_COMMON_SCALAR_READS_HPP_
