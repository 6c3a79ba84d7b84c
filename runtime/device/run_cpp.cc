#include "runtime/device/run_cpp.h"

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "codegen/sync_plan.h"
#include "codegen/target_info.h"
#include "ir/status_macros.h"
#include "runtime/cost_table.h"
#include "runtime/device/device_machine.h"
#include "runtime/device/device_pipes.h"
#include "runtime/device/kernel_call.h"
#include "runtime/device/kernel_objects.h"
#include "runtime/device/program_cpp.h"
#include "runtime/device/source_map.h"
#include "runtime/entry_params.h"
#include "runtime/host_plan.h"

namespace ptoc {
namespace sim {
namespace {

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

// The entry's own arguments for lane `k` on `rank`: its tensors' places in
// the host mirror, its scalars.
std::vector<uint64_t> OwnArgs(const World& w, const LaneKernel& k, const EntryParams& params,
                              int rank, const uint8_t* host_gm) {
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
  return args;
}

// The values of `k`'s dynamic dims: the --scalar given for each (a dim no
// tensor of the entry has is 0).
std::vector<int64_t> DynamicDimArgs(const LaneKernel& k, const EntryParams& params) {
  std::vector<int64_t> dims;
  for (const std::string& d : k.abi.dynamic_dims) {
    auto it = params.dynamic_dims.find(d);
    dims.push_back(it != params.dynamic_dims.end() ? it->second : 0);
  }
  return dims;
}

}  // namespace

absl::StatusOr<CppRunResult> RunEmittedCpp(const Program& program, const CppRunOptions& options) {
  ASSIGN_OR_RETURN(const Function* entry, FindEntry(program, options, CppRunOptions::kMaxRanks));
  ASSIGN_OR_RETURN(SourceMap sources, SourceMap::FromFile(options.cpp_path));
  ASSIGN_OR_RETURN(std::unique_ptr<KernelObjects> objects, KernelObjects::Create(program, options));
  if (IsWholeProgramEntry(*entry)) {
    return RunEmittedProgram(program, *entry, options, sources, *objects);
  }
  ASSIGN_OR_RETURN(std::vector<LaneCall> calls, PlanLaneCalls(program, *entry));
  // The ratio the vector object declares for the AIV entry (ptoas's: the
  // program's), or --launch's.
  ASSIGN_OR_RETURN(const int declared, objects->DeclaredAivLanes(calls));
  const int aiv_lanes = LaunchedAivLanes(declared, options.launch);
  std::optional<Finding> launch_finding;
  for (const LaneCall& call : calls) {
    if (call.core == LaneCore::kAiv) {
      launch_finding = LaunchFinding(*call.function, declared, aiv_lanes);
    }
  }
  std::vector<LaneKernel> kernels;
  int syncall_slots = 0;
  int64_t pipe_buffer_bytes = 0;
  for (LaneCall& call : WithAivLanes(std::move(calls), aiv_lanes)) {
    ASSIGN_OR_RETURN(LaneKernel k, objects->Lane(std::move(call)));
    syncall_slots = std::max(syncall_slots, k.abi.syncall_slots);
    pipe_buffer_bytes = std::max(pipe_buffer_bytes, k.abi.gm_pipe_buffer_bytes);
    kernels.push_back(std::move(k));
  }

  ASSIGN_OR_RETURN(EntryParams params, ResolveEntryParams(*entry, options.scalars));
  const uint64_t total = GmBytesPerRank(*entry, params, kMaxCppGmBytes) * options.ranks;
  if (total > kMaxCppGmBytes) {
    return absl::InvalidArgumentError(
        absl::StrCat("error: the tensors of ", options.ranks, " ranks need ", total,
                     " bytes of GM; ptoc-run-cpp runs at most ", kMaxCppGmBytes));
  }
  RETURN_IF_ERROR(
      LoadEntryContents(*entry, options.ranks, options.inputs_dir, options.seed, params));

  // The pipes: checked (in every mode, and ptoas's C++), timed on --cycles.
  ASSIGN_OR_RETURN(codegen::PipeSyncMode mode, codegen::ParsePipeSync(program.options.pipe_sync));
  const codegen::Backend backend =
      options.backend == "a5" ? codegen::Backend::kA5 : codegen::Backend::kA2A3;
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
    HostGm host_gm(w.machine.size());
    std::vector<RankContext> contexts =
        RankContexts(block, host_gm.data(), syncall_slots, pipe_buffer_bytes);
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
            KernelArgs(k, OwnArgs(w, k, params, rank, host_gm.data()),
                       DynamicDimArgs(k, params), contexts[rank]);
        bodies.push_back([fn = k.fn, args] { kernel_call::CallKernel(fn, args); });
      }
    }
    DeviceMachine machine(w, sources, host_gm.data(), ScheduleSeed(options, schedule),
                          options.max_steps);
    machine.set_pipe_buffers(PipeBuffersOf(contexts));
    for (size_t l = 0; l < bodies.size(); ++l) machine.SetBody(static_cast<int>(l), bodies[l]);
    std::unique_ptr<TimingModel> timing;
    if (costs != nullptr && schedule == 0) {
      timing = std::make_unique<TimingModel>(
          *costs, w,
          options.from != "ptoc" ? options.from : std::string(codegen::PipeSyncName(mode)));
    }
    DevicePipes pipes(w, backend, param_names, options.pipe_check, timing.get());
    if (options.pipe_check || timing != nullptr) machine.set_pipes(&pipes);
    machine.Run();
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
