// The kernels of an emitted .cpp as ptoc-run-cpp calls them, for one entry
// (run_cpp.cc) and for a whole program's launches (program_cpp.cc): the
// shared objects compiled for each core type, each lane's kernel function
// in them with its ABI (codegen/kernel_abi.h), what the launcher passes
// besides a kernel's own parameters, and the host mirror of GM.
#ifndef PTOC_RUNTIME_DEVICE_KERNEL_OBJECTS_H_
#define PTOC_RUNTIME_DEVICE_KERNEL_OBJECTS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "codegen/kernel_abi.h"
#include "ir/ir.h"
#include "runtime/code.h"
#include "runtime/device/device_machine.h"
#include "runtime/device/run_cpp.h"
#include "runtime/entry_params.h"

namespace ptoc {
namespace sim {

// The GM ptoc-run-cpp simulates.
constexpr uint64_t kMaxCppGmBytes = uint64_t{16} << 20;

struct LaneKernel {
  LaneCall call;
  FunctionCode code;  // names the lane in reports; nothing is interpreted
  void* fn = nullptr;
  codegen::KernelAbi abi;
};

class SharedObject;

class KernelObjects {
 public:
  // The ABIs of `program`'s kernels; the objects of `options` are opened
  // when a lane first needs one.
  static absl::StatusOr<std::unique_ptr<KernelObjects>> Create(const Program& program,
                                                               const CppRunOptions& options);
  ~KernelObjects();

  // The kernel lane `call` runs. Errors: an InCore function, a parameter
  // it cannot pass, no object for its core type (or one that does not
  // load, or lacks the kernel), too many parameters.
  absl::StatusOr<LaneKernel> Lane(LaneCall call);

  // The AIV lanes a launch of these lane calls declares: for ptoc's C++
  // the vector object's PTO_SYNCALL_MIX_AIC_KERNEL_META of the AIV
  // function (2 for a 1C:2V mix task, else 1), for ptoas's and hand-written
  // C++ the program's (DeclaredAivLanes); 0 without an AIV lane.
  absl::StatusOr<int> DeclaredAivLanes(const std::vector<LaneCall>& calls);

 private:
  KernelObjects(const Program& program, const CppRunOptions& options,
                std::vector<codegen::KernelAbi> abis);
  absl::StatusOr<SharedObject*> Object(LaneCore core);

  const Program& program_;
  const CppRunOptions& options_;
  std::vector<codegen::KernelAbi> abis_;  // indexed like program.functions
  std::unique_ptr<SharedObject> vec_, cube_;
};

// The per-rank memory the launcher hands the kernels besides GM tensors.
struct RankContext {
  std::vector<int64_t> comm_ctx;  // rank, number of ranks, each rank's window base
  // The a2a3 FIFO's GM backing store, as many bytes as the kernel ABI says
  // the pipes' rings take (the model moves the tiles itself).
  std::vector<uint8_t> pipe_buffer;
  std::vector<int32_t> sync_workspace;
  // The SDMA workspace of prefetch.make_context; the stand-in's prefetch
  // (pto/comm/prefetch.hpp) does not touch it.
  std::vector<uint8_t> sdma_workspace;
};

// Every rank's context: its window base on every rank is `host_gm` +
// `window_base[rank]`; `syncall_slots` soft syncall slots; a FIFO buffer of
// `pipe_buffer_bytes`.
std::vector<RankContext> RankContexts(const std::vector<uint64_t>& window_base,
                                      const uint8_t* host_gm, int syncall_slots,
                                      int64_t pipe_buffer_bytes);

// The machine's record of each rank's FIFO buffer (its ring bounds check).
std::vector<DeviceMachine::PipeBuffer> PipeBuffersOf(const std::vector<RankContext>& contexts);

// The arguments of a call of `k`: its own (`own`, pointers and integers),
// then its ABI's trailing ones: the values of its dynamic dims (in the
// ABI's order), the SDMA workspace, comm_ctx, the FIFO's GM buffer and the
// syncall workspace of `ctx`.
std::vector<uint64_t> KernelArgs(const LaneKernel& k, std::vector<uint64_t> own,
                                 const std::vector<int64_t>& dynamic_dims, RankContext& ctx);

// GM mirrored in host memory (DeviceMachine) at a 64-byte boundary, as on
// the device: emitted code finds the cache lines of a region from its
// addresses.
class HostGm {
 public:
  explicit HostGm(uint64_t bytes);
  uint8_t* data() { return data_; }

 private:
  std::vector<uint8_t> storage_;
  uint8_t* data_;
};

// The seed of the device scheduler for `schedule`.
uint64_t ScheduleSeed(const CppRunOptions& options, int schedule);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_DEVICE_KERNEL_OBJECTS_H_
