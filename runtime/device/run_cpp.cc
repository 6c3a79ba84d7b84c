#include "runtime/device/run_cpp.h"

#include <dlfcn.h>

#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codegen/cxx_names.h"
#include "codegen/kernel_abi.h"
#include "codegen/sync_plan.h"
#include "codegen/target_info.h"
#include "ir/status_macros.h"
#include "runtime/cost_table.h"
#include "runtime/device/device_machine.h"
#include "runtime/device/device_pipes.h"
#include "runtime/device/kernel_call.h"
#include "runtime/device/source_map.h"
#include "runtime/entry_params.h"

// Kernels are called through a pointer to a function of N 64-bit integer
// parameters: on these ABIs integer and pointer arguments of up to 64 bits
// go in the same registers and 8-byte stack slots whatever their width.
#if !defined(__x86_64__) && !defined(__aarch64__)
#error "ptoc-run-cpp calls kernels with the x86-64 or AArch64 calling convention"
#endif

namespace ptoc {
namespace sim {
namespace {

constexpr uint64_t kMaxGmBytes = uint64_t{16} << 20;
using kernel_call::kMaxKernelArgs;
// The host copy of GM starts at a cache-line boundary.
constexpr uintptr_t kGmAlignment = 64;

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

struct LaneKernel {
  LaneCall call;
  FunctionCode code;  // names the lane in reports; nothing is interpreted
  void* fn = nullptr;
  codegen::KernelAbi abi;
};

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

// The per-rank memory the launcher hands the kernels besides GM tensors.
struct RankContext {
  std::vector<int64_t> comm_ctx;  // rank, number of ranks, each rank's window base
  // The a2a3 FIFO's GM backing store, as many bytes as the kernel ABI says
  // the pipes' rings take (the model moves the tiles itself).
  std::vector<uint8_t> pipe_buffer;
  std::vector<int32_t> sync_workspace;
  // The SDMA workspace of prefetch.make_context; the stand-in's prefetch
  // (pto/comm/prefetch.hpp) does not touch it.
  std::vector<uint8_t> sdma_workspace = std::vector<uint8_t>(64);
};

// Places every tensor of every rank in GM and returns where each rank's
// block of tensors starts. Rank r's tensors are laid out as rank 0's,
// shifted by r times the same block size; the window base of a rank is its
// block's start, so a kernel finds a peer's window at
// local + (base[peer] - base[me]) / element_bytes.
absl::StatusOr<std::vector<uint64_t>> PlaceTensors(World& w, const Function& entry,
                                                   const EntryParams& params, int ranks) {
  std::vector<uint64_t> block(ranks, 0);
  for (int rank = 0; rank < ranks; ++rank) {
    block[rank] = w.machine.size();
    for (size_t i = 0; i < entry.params.size(); ++i) {
      const Var& v = *entry.params[i].var;
      if (!v.type.is_tensor()) continue;
      w.machine.Allocate(v.name, rank, static_cast<int>(i), params.shapes[i], v.type.dtype(),
                         v.type.is_distributed());
    }
  }
  for (int a = 0; a < w.machine.num_allocations(); ++a) {
    const Allocation& alloc = w.machine.allocation(a);
    const Allocation& first = w.machine.allocation(w.machine.FindAllocation(alloc.param, 0));
    if (alloc.base - block[alloc.rank] != first.base - block[0]) {
      return absl::InternalError("the ranks' GM layouts differ");
    }
    w.machine.Initialize(alloc.base, params.contents[alloc.rank][alloc.param]);
  }
  return block;
}

std::vector<RankContext> RankContexts(const std::vector<uint64_t>& block, const uint8_t* host_gm,
                                      int syncall_slots, int64_t pipe_buffer_bytes) {
  const int ranks = static_cast<int>(block.size());
  std::vector<RankContext> contexts(ranks);
  for (int rank = 0; rank < ranks; ++rank) {
    RankContext& ctx = contexts[rank];
    ctx.comm_ctx = {rank, ranks};
    for (uint64_t base : block) {
      ctx.comm_ctx.push_back(static_cast<int64_t>(reinterpret_cast<uintptr_t>(host_gm + base)));
    }
    ctx.sync_workspace.assign(codegen::kSyncWorkspaceInts * std::max(syncall_slots, 1), 0);
    ctx.pipe_buffer.assign(pipe_buffer_bytes, 0);
  }
  return contexts;
}

std::vector<uint64_t> KernelArgs(const World& w, const LaneKernel& k, const EntryParams& params,
                                 int rank, const uint8_t* host_gm, RankContext& ctx) {
  std::vector<uint64_t> args;
  for (int param : k.call.args) {
    const Value& v = params.scalars[param];
    if (v.kind == Value::Kind::kNone) {
      const Allocation& a = w.machine.allocation(w.machine.FindAllocation(param, rank));
      args.push_back(reinterpret_cast<uintptr_t>(host_gm + a.base));
    } else {
      args.push_back(static_cast<uint64_t>(v.AsInt()));
    }
  }
  for (const std::string& d : k.abi.dynamic_dims) {
    auto it = params.dynamic_dims.find(d);
    args.push_back(static_cast<uint64_t>(it != params.dynamic_dims.end() ? it->second : 0));
  }
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

}  // namespace

absl::StatusOr<CppRunResult> RunEmittedCpp(const Program& program, const CppRunOptions& options) {
  ASSIGN_OR_RETURN(const Function* found, FindEntry(program, options, CppRunOptions::kMaxRanks));
  const Function* entry = found;
  ASSIGN_OR_RETURN(SourceMap sources, SourceMap::FromFile(options.cpp_path));
  ASSIGN_OR_RETURN(std::vector<LaneCall> calls, PlanLaneCalls(program, *entry));
  const codegen::Backend backend =
      options.backend == "a5" ? codegen::Backend::kA5 : codegen::Backend::kA2A3;
  ASSIGN_OR_RETURN(std::vector<codegen::KernelAbi> abis,
                   codegen::ComputeKernelAbis(program, backend));

  std::unique_ptr<SharedObject> vec, cube;
  std::vector<LaneKernel> kernels;
  int syncall_slots = 0;
  int64_t pipe_buffer_bytes = 0;
  for (LaneCall& call : calls) {
    if (call.core == LaneCore::kMixed) {
      return absl::InvalidArgumentError(
          absl::StrCat("error: '", call.function->name,
                       "' is an InCore function, which the C++ target does "
                       "not emit (run expand-mixed-kernel first)"));
    }
    RETURN_IF_ERROR(CheckParams(*call.function));
    const bool is_cube = call.core == LaneCore::kAic;
    std::unique_ptr<SharedObject>& object = is_cube ? cube : vec;
    if (object == nullptr) {
      ASSIGN_OR_RETURN(auto opened,
                       SharedObject::Open(is_cube ? options.cube_object : options.vec_object,
                                          is_cube ? "--cube" : "--vec"));
      object = std::move(opened);
    }
    ASSIGN_OR_RETURN(void* fn, object->Kernel(codegen::KernelSymbol(call.function->name)));
    LaneKernel k;
    k.fn = fn;
    for (size_t i = 0; i < program.functions.size(); ++i) {
      if (program.functions[i].get() == call.function) k.abi = abis[i];
    }
    syncall_slots = std::max(syncall_slots, k.abi.syncall_slots);
    pipe_buffer_bytes = std::max(pipe_buffer_bytes, k.abi.gm_pipe_buffer_bytes);
    const size_t count =
        call.args.size() + k.abi.dynamic_dims.size() + k.abi.sdma_workspace + k.abi.comm_ctx +
        k.abi.gm_pipe_buffer + k.abi.sync_workspace;
    if (count > kMaxKernelArgs) {
      return absl::InvalidArgumentError(
          absl::StrCat("error: '", call.function->name, "' takes ", count,
                       " parameters; ptoc-run-cpp passes at most ", kMaxKernelArgs));
    }
    k.code.function = call.function;
    k.call = std::move(call);
    kernels.push_back(std::move(k));
  }
  // The ratio the vector object declares for the AIV entry (ptoas's: the
  // program's), or --launch's.
  int aiv_lanes = 0;
  std::optional<Finding> launch_finding;
  for (const LaneKernel& k : kernels) {
    if (k.call.core != LaneCore::kAiv) continue;
    const int declared =
        options.from != "ptoc" ? DeclaredAivLanes({k.call})
                           : vec->DeclaredAivLanes(codegen::KernelSymbol(k.call.function->name));
    aiv_lanes = LaunchedAivLanes(declared, options.launch);
    launch_finding = LaunchFinding(*k.call.function, declared, aiv_lanes);
  }
  if (aiv_lanes == 2) {
    std::vector<LaneKernel> both;
    for (LaneKernel& k : kernels) {
      both.push_back(k);
      if (k.call.core != LaneCore::kAiv) continue;
      k.call.subblock = 1;
      both.push_back(std::move(k));
    }
    kernels = std::move(both);
  }

  ASSIGN_OR_RETURN(EntryParams params, ResolveEntryParams(*entry, options.scalars));
  const uint64_t total = GmBytesPerRank(*entry, params, kMaxGmBytes) * options.ranks;
  if (total > kMaxGmBytes) {
    return absl::InvalidArgumentError(
        absl::StrCat("error: the tensors of ", options.ranks, " ranks need ", total,
                     " bytes of GM; ptoc-run-cpp runs at most ", kMaxGmBytes));
  }
  if (absl::Status s =
          LoadEntryContents(*entry, options.ranks, options.inputs_dir, options.seed, params);
      !s.ok()) {
    return s;
  }

  // The pipes: checked (in every mode, and ptoas's C++), timed on --cycles.
  ASSIGN_OR_RETURN(codegen::PipeSyncMode mode, codegen::ParsePipeSync(program.options.pipe_sync));
  const bool checked = options.pipe_check;
  std::unique_ptr<CostTable> costs;
  if (options.timed) {
    ASSIGN_OR_RETURN(CostTable table, options.cost_table.empty()
                                          ? CostTable::Builtin(options.backend)
                                          : CostTable::Load(options.cost_table));
    costs = std::make_unique<CostTable>(std::move(table));
  }
  std::vector<std::string> param_names;
  for (const Param& p : entry->params) param_names.push_back(p.var != nullptr ? p.var->name : "");

  CppRunResult result;
  if (launch_finding.has_value()) result.report.Add(std::move(*launch_finding));
  result.totals.tool = "ptoc-run-cpp";
  const int lanes_per_rank = static_cast<int>(kernels.size());
  result.totals.ranks = options.ranks;
  result.totals.lanes = options.ranks * lanes_per_rank;
  result.totals.schedules = options.schedules;
  result.totals.seed = options.seed;
  AccessShadow shadow;
  for (int schedule = 0; schedule < options.schedules; ++schedule) {
    World w(options.ranks, lanes_per_rank);
    w.schedule = schedule;
    w.report = &result.report;
    w.shadow = &shadow;
    w.a5 = backend == codegen::Backend::kA5;
    w.aiv_lanes = aiv_lanes;
    w.barriers.resize(options.ranks * 3);
    ASSIGN_OR_RETURN(std::vector<uint64_t> block, PlaceTensors(w, *entry, params, options.ranks));
    // GM at a 64-byte boundary, as on the device: emitted code finds the
    // cache lines of a region from its addresses.
    std::vector<uint8_t> host_storage(w.machine.size() + kGmAlignment);
    uint8_t* host_gm = host_storage.data() +
                       (kGmAlignment - reinterpret_cast<uintptr_t>(host_storage.data()) % kGmAlignment) %
                           kGmAlignment;
    std::vector<RankContext> contexts =
        RankContexts(block, host_gm, syncall_slots, pipe_buffer_bytes);
    shadow.Reset(w.machine.size(), result.totals.lanes);
    std::vector<std::function<void()>> bodies;
    for (int rank = 0; rank < options.ranks; ++rank) {
      for (const LaneKernel& k : kernels) {
        LaneState l;
        l.id = static_cast<int>(w.lanes.size());
        l.rank = rank;
        l.core = k.call.core;
        l.subblock = k.call.subblock;
        l.code = &k.code;
        w.lanes.push_back(l);
        std::vector<uint64_t> args =
            KernelArgs(w, k, params, rank, host_gm, contexts[rank]);
        void* fn = k.fn;
        bodies.push_back(
            [fn, args] { kernel_call::CallKernel(fn, args); });
      }
    }
    DeviceMachine machine(w, sources, host_gm,
                          options.seed * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(schedule),
                          options.max_steps);
    std::vector<DeviceMachine::PipeBuffer> pipe_buffers;
    for (const RankContext& ctx : contexts) {
      pipe_buffers.push_back({reinterpret_cast<uintptr_t>(ctx.pipe_buffer.data()),
                              static_cast<int64_t>(ctx.pipe_buffer.size())});
    }
    machine.set_pipe_buffers(std::move(pipe_buffers));
    std::unique_ptr<TimingModel> timing;
    if (costs != nullptr && schedule == 0) {
      timing = std::make_unique<TimingModel>(
          *costs, w,
          options.from != "ptoc" ? options.from : std::string(codegen::PipeSyncName(mode)));
    }
    DevicePipes pipes(w, backend, param_names, checked, timing.get());
    if (checked || timing != nullptr) machine.set_pipes(&pipes);
    machine.Run(bodies);
    for (const LaneState& l : w.lanes) w.machine.Drain(l.id);
    w.ReportClobbers();
    result.totals.statements += w.steps;
    if (schedule == 0) {
      ASSIGN_OR_RETURN(std::vector<TensorDump> outputs,
                       EntryOutputs(w.machine, *entry, options.dump_dir));
      result.outputs = std::move(outputs);
    }
    if (timing != nullptr) {
      result.timing_text = timing->Text();
      result.timing_json = timing->Json();
    }
  }
  return result;
}

}  // namespace sim
}  // namespace ptoc
