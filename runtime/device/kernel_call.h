// Calling a kernel entry found with dlsym: every parameter of an emitted
// kernel is a pointer or an integer, so on x86-64 and AArch64 it is passed
// in one 64-bit integer slot. Header-only and standard C++ alone, so that
// ptoc-run-cpp and the pto-isa conformance launcher (built outside Bazel)
// share it.
#ifndef PTOC_RUNTIME_DEVICE_KERNEL_CALL_H_
#define PTOC_RUNTIME_DEVICE_KERNEL_CALL_H_

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace ptoc {
namespace kernel_call {

// The most parameters a kernel may take.
constexpr size_t kMaxKernelArgs = 16;

template <size_t... I>
void CallWith(void* fn, const uint64_t* args, std::index_sequence<I...>) {
  using Kernel = void (*)(decltype(static_cast<void>(I), uint64_t{})...);
  reinterpret_cast<Kernel>(fn)(args[I]...);
}

template <size_t... N>
void CallWithCount(void* fn, const std::vector<uint64_t>& args, std::index_sequence<N...>) {
  ((args.size() == N ? CallWith(fn, args.data(), std::make_index_sequence<N>{}) : void()), ...);
}

// Calls `fn` with `args` (at most kMaxKernelArgs of them; the caller checks).
inline void CallKernel(void* fn, const std::vector<uint64_t>& args) {
  CallWithCount(fn, args, std::make_index_sequence<kMaxKernelArgs + 1>{});
}

}  // namespace kernel_call
}  // namespace ptoc

#endif  // PTOC_RUNTIME_DEVICE_KERNEL_CALL_H_
