#include "runtime/device/kernel_objects.h"

#include <dlfcn.h>

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codegen/cxx_names.h"
#include "codegen/target_info.h"
#include "ir/status_macros.h"
#include "runtime/device/kernel_call.h"

// Kernels are called through a pointer to a function of N 64-bit integer
// parameters: on these ABIs integer and pointer arguments of up to 64 bits
// go in the same registers and 8-byte stack slots whatever their width.
#if !defined(__x86_64__) && !defined(__aarch64__)
#error "ptoc-run-cpp calls kernels with the x86-64 or AArch64 calling convention"
#endif

namespace ptoc {
namespace sim {
namespace {

using kernel_call::kMaxKernelArgs;
constexpr size_t kSdmaWorkspaceBytes = 64;
// The host copy of GM starts at a cache-line boundary.
constexpr uintptr_t kGmAlignment = 64;

absl::Status CheckParams(const Function& f) {
  for (const Param& p : f.params) {
    const Type& t = p.var->type;
    if (t.is_scalar() && IsFloatDType(t.dtype())) {
      return absl::InvalidArgumentError(
          absl::StrCat("error: ptoc-run-cpp passes tensor and integer parameters; '", p.var->name,
                       "' of '", f.name, "' is ", DTypeName(t.dtype())));
    }
  }
  return absl::OkStatus();
}

}  // namespace

class SharedObject {
 public:
  static absl::StatusOr<std::unique_ptr<SharedObject>> Open(const std::string& path,
                                                            const char* flag) {
    if (path.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat("error: the entry has lanes of this core type: give ", flag,
                       "=OBJECT.so (the .cpp compiled for it)"));
    }
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat("error: cannot load ", path, ": ", dlerror()));
    }
    return std::unique_ptr<SharedObject>(new SharedObject(path, handle));
  }
  ~SharedObject() { dlclose(handle_); }

  absl::StatusOr<void*> Kernel(const std::string& name) const {
    void* fn = dlsym(handle_, name.c_str());
    if (fn == nullptr) {
      return absl::InvalidArgumentError(
          absl::StrCat("error: ", path_, " has no kernel '", name, "'"));
    }
    return fn;
  }

  // The AIV lanes the entry `name` declares with
  // PTO_SYNCALL_MIX_AIC_KERNEL_META (pto/common/kernel_meta.hpp): 2 for a
  // 1C:2V mix task, else 1 (also without the macro).
  int DeclaredAivLanes(const std::string& name) const {
    const auto* meta =
        static_cast<const int*>(dlsym(handle_, absl::StrCat("ptoc_kernel_meta_", name).c_str()));
    return meta != nullptr && meta[1] == 2 ? 2 : 1;
  }

 private:
  SharedObject(std::string path, void* handle) : path_(std::move(path)), handle_(handle) {}
  std::string path_;
  void* handle_;
};

absl::StatusOr<std::unique_ptr<KernelObjects>> KernelObjects::Create(
    const Program& program, const CppRunOptions& options) {
  ASSIGN_OR_RETURN(std::vector<codegen::KernelAbi> abis,
                   codegen::ComputeKernelAbis(program, options.backend == "a5"
                                                           ? codegen::Backend::kA5
                                                           : codegen::Backend::kA2A3));
  return std::unique_ptr<KernelObjects>(new KernelObjects(program, options, std::move(abis)));
}

KernelObjects::KernelObjects(const Program& program, const CppRunOptions& options,
                             std::vector<codegen::KernelAbi> abis)
    : program_(program), options_(options), abis_(std::move(abis)) {}

KernelObjects::~KernelObjects() = default;

absl::StatusOr<SharedObject*> KernelObjects::Object(LaneCore core) {
  const bool is_cube = core == LaneCore::kAic;
  std::unique_ptr<SharedObject>& object = is_cube ? cube_ : vec_;
  if (object == nullptr) {
    ASSIGN_OR_RETURN(object,
                     SharedObject::Open(is_cube ? options_.cube_object : options_.vec_object,
                                        is_cube ? "--cube" : "--vec"));
  }
  return object.get();
}

absl::StatusOr<LaneKernel> KernelObjects::Lane(LaneCall call) {
  if (call.core == LaneCore::kMixed) {
    return absl::InvalidArgumentError(
        absl::StrCat("error: '", call.function->name,
                     "' is an InCore function, which the C++ target does "
                     "not emit (run expand-mixed-kernel first)"));
  }
  RETURN_IF_ERROR(CheckParams(*call.function));
  ASSIGN_OR_RETURN(SharedObject * object, Object(call.core));
  LaneKernel k;
  ASSIGN_OR_RETURN(k.fn, object->Kernel(codegen::KernelSymbol(call.function->name)));
  for (size_t i = 0; i < program_.functions.size(); ++i) {
    if (program_.functions[i].get() == call.function) k.abi = abis_[i];
  }
  const size_t count = call.args.size() + k.abi.dynamic_dims.size() + k.abi.sdma_workspace +
                       k.abi.comm_ctx + k.abi.gm_pipe_buffer + k.abi.sync_workspace;
  if (count > kMaxKernelArgs) {
    return absl::InvalidArgumentError(
        absl::StrCat("error: '", call.function->name, "' takes ", count,
                     " parameters; ptoc-run-cpp passes at most ", kMaxKernelArgs));
  }
  k.code.function = call.function;
  k.call = std::move(call);
  return k;
}

absl::StatusOr<int> KernelObjects::DeclaredAivLanes(const std::vector<LaneCall>& calls) {
  for (const LaneCall& call : calls) {
    if (call.core != LaneCore::kAiv) continue;
    if (options_.from != "ptoc") return sim::DeclaredAivLanes({call});
    ASSIGN_OR_RETURN(SharedObject * vec, Object(LaneCore::kAiv));
    return vec->DeclaredAivLanes(codegen::KernelSymbol(call.function->name));
  }
  return 0;
}

std::vector<DeviceMachine::PipeBuffer> PipeBuffersOf(const std::vector<RankContext>& contexts) {
  std::vector<DeviceMachine::PipeBuffer> buffers;
  for (const RankContext& ctx : contexts) {
    buffers.push_back({reinterpret_cast<uintptr_t>(ctx.pipe_buffer.data()),
                       static_cast<int64_t>(ctx.pipe_buffer.size())});
  }
  return buffers;
}

std::vector<RankContext> RankContexts(const std::vector<uint64_t>& window_base,
                                      const uint8_t* host_gm, int syncall_slots,
                                      int64_t pipe_buffer_bytes) {
  const int ranks = static_cast<int>(window_base.size());
  std::vector<RankContext> contexts(ranks);
  for (int rank = 0; rank < ranks; ++rank) {
    RankContext& ctx = contexts[rank];
    ctx.comm_ctx = {rank, ranks};
    for (uint64_t base : window_base) {
      ctx.comm_ctx.push_back(static_cast<int64_t>(reinterpret_cast<uintptr_t>(host_gm + base)));
    }
    ctx.pipe_buffer.assign(pipe_buffer_bytes, 0);
    ctx.sync_workspace.assign(codegen::kSyncWorkspaceInts * std::max(syncall_slots, 1), 0);
    ctx.sdma_workspace.assign(kSdmaWorkspaceBytes, 0);
  }
  return contexts;
}

std::vector<uint64_t> KernelArgs(const LaneKernel& k, std::vector<uint64_t> own,
                                 const std::vector<int64_t>& dynamic_dims, RankContext& ctx) {
  std::vector<uint64_t> args = std::move(own);
  for (int64_t d : dynamic_dims) args.push_back(static_cast<uint64_t>(d));
  if (k.abi.sdma_workspace) {
    args.push_back(reinterpret_cast<uintptr_t>(ctx.sdma_workspace.data()));
  }
  if (k.abi.comm_ctx) args.push_back(reinterpret_cast<uintptr_t>(ctx.comm_ctx.data()));
  if (k.abi.gm_pipe_buffer) args.push_back(reinterpret_cast<uintptr_t>(ctx.pipe_buffer.data()));
  if (k.abi.sync_workspace) {
    args.push_back(reinterpret_cast<uintptr_t>(ctx.sync_workspace.data()));
  }
  return args;
}

HostGm::HostGm(uint64_t bytes) : storage_(bytes + kGmAlignment) {
  const uintptr_t at = reinterpret_cast<uintptr_t>(storage_.data());
  data_ = storage_.data() + (kGmAlignment - at % kGmAlignment) % kGmAlignment;
}

uint64_t ScheduleSeed(const CppRunOptions& options, int schedule) {
  return options.seed * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(schedule);
}

}  // namespace sim
}  // namespace ptoc
