#include "runtime/device/program_cpp.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"
#include "runtime/device/device_machine.h"
#include "runtime/device/device_pipes.h"
#include "runtime/device/kernel_call.h"
#include "runtime/host_plan.h"
#include "runtime/program_launches.h"

namespace ptoc {
namespace sim {
namespace {

// One kernel's lanes, in the order of its ProgramKernels lane calls.
using KernelLanes = std::vector<LaneKernel>;

// The value of the dynamic dim `name` in `launch`: that dim of the view
// passed for a tensor parameter of the launched kernel sized by it.
absl::StatusOr<int64_t> DynamicDim(const KernelLaunch& launch, const RunPlan& plan,
                                   const std::string& name) {
  const Function& f = *launch.kernel;
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Type& t = f.params[i].var->type;
    const int view = launch.args[i].view;
    if (!t.is_tensor() || view < 0) continue;
    const std::vector<Dim>& dims = t.shape();
    for (size_t d = 0; d < dims.size() && d < plan.views[view].shape.size(); ++d) {
      if (!dims[d].is_static() && dims[d].symbol == name) return plan.views[view].shape[d];
    }
  }
  return ErrorAt(launch.call, absl::StrCat("ptoc-run-cpp finds no tensor of '", f.name,
                                           "' sized by '", name, "' to pass its value"));
}

// Per launch and lane call: the values of the lane kernel's dynamic dims.
using LaunchDims = std::map<const KernelLaunch*, std::vector<std::vector<int64_t>>>;

absl::StatusOr<LaunchDims> DimsOfLaunches(const RunPlan& plan,
                                          const std::map<const Function*, KernelLanes>& kernels) {
  LaunchDims dims;
  for (const std::vector<KernelLaunch>& launches : plan.launches) {
    for (const KernelLaunch& launch : launches) {
      std::vector<std::vector<int64_t>>& per_lane = dims[&launch];
      for (const LaneKernel& k : kernels.at(launch.kernel)) {
        per_lane.emplace_back();
        for (const std::string& name : k.abi.dynamic_dims) {
          ASSIGN_OR_RETURN(int64_t value, DynamicDim(launch, plan, name));
          per_lane.back().push_back(value);
        }
      }
    }
  }
  return dims;
}

}  // namespace

absl::StatusOr<CppRunResult> RunEmittedProgram(const Program& program, const Function& entry,
                                               const CppRunOptions& options, SourceMap& sources,
                                               KernelObjects& objects) {
  if (options.timed) {
    return ErrorAt(entry.loc, "--cycles times one kernel launch (--entry=KERNEL); a whole "
                              "program is not timed yet");
  }
  ASSIGN_OR_RETURN(EntryParams params, ResolveEntryParams(entry, options.scalars));
  ASSIGN_OR_RETURN(RunPlan plan, PlanRun(program, entry, options.ranks, params));
  ASSIGN_OR_RETURN(ProgramKernels planned,
                   PlanProgramKernels(program, plan, options.launch,
                                      [&](const std::vector<LaneCall>& calls) {
                                        return objects.DeclaredAivLanes(calls);
                                      }));
  std::map<const Function*, KernelLanes> kernels;
  int syncall_slots = 0;
  int64_t pipe_buffer_bytes = 0;
  for (const Function* kernel : planned.order) {
    KernelLanes& lanes = kernels[kernel];
    for (const LaneCall& call : planned.lanes.at(kernel)) {
      ASSIGN_OR_RETURN(LaneKernel k, objects.Lane(call));
      syncall_slots = std::max(syncall_slots, k.abi.syncall_slots);
      pipe_buffer_bytes = std::max(pipe_buffer_bytes, k.abi.gm_pipe_buffer_bytes);
      lanes.push_back(std::move(k));
    }
  }
  ASSIGN_OR_RETURN(LaunchDims dims, DimsOfLaunches(plan, kernels));
  const uint64_t total = ProgramGmBytes(plan, options.ranks);
  if (total > kMaxCppGmBytes) {
    return absl::InvalidArgumentError(
        absl::StrCat("error: the program's tensors and windows on ", options.ranks,
                     " ranks need ", total, " bytes of GM; ptoc-run-cpp runs at most ",
                     kMaxCppGmBytes));
  }
  // The pipe check names a GM region by the view the run placed.
  std::vector<std::string> view_names;
  for (const TensorView& v : plan.views) view_names.push_back(v.name);
  const Backend backend = options.backend == "a5" ? Backend::kA5 : Backend::kA2A3;

  CppRunResult result;
  for (Finding& f : planned.launch_findings) result.report.Add(std::move(f));
  result.totals.tool = "ptoc-run-cpp";
  const int per_rank = kSlots * planned.blocks;
  result.totals.ranks = options.ranks;
  result.totals.lanes = options.ranks * per_rank;
  result.totals.schedules = options.schedules;
  result.totals.seed = options.seed;
  AccessShadow shadow;
  for (int schedule = 0; schedule < options.schedules; ++schedule) {
    World w(options.ranks, per_rank);
    w.blocks = planned.blocks;
    w.rings.resize(options.ranks * planned.blocks * 2);
    w.schedule = schedule;
    w.report = &result.report;
    w.shadow = &shadow;
    w.a5 = backend == Backend::kA5;
    w.aiv_lanes = planned.aiv_lanes;
    w.barriers.resize(options.ranks * 3);
    ASSIGN_OR_RETURN(ProgramLayout layout, PlaceProgram(w.machine, plan, options));
    shadow.Reset(w.machine.size(), result.totals.lanes);
    for (int rank = 0; rank < options.ranks; ++rank) {
      for (int s = 0; s < per_rank; ++s) {
        LaneState l;
        l.id = static_cast<int>(w.lanes.size());
        l.rank = rank;
        l.in_launch = false;
        l.finished = true;
        w.lanes.push_back(std::move(l));
      }
    }
    HostGm host_gm(w.machine.size());
    std::vector<RankContext> contexts =
        RankContexts(layout.window_base, host_gm.data(), syncall_slots, pipe_buffer_bytes);
    DeviceMachine machine(w, sources, host_gm.data(), ScheduleSeed(options, schedule),
                          options.max_steps);
    machine.set_pipe_buffers(PipeBuffersOf(contexts));
    DevicePipes pipes(w, backend, view_names, options.pipe_check, nullptr);
    if (options.pipe_check) machine.set_pipes(&pipes);
    ProgramQueue queue(w, plan, planned, [&](int id, const KernelLaunch& launch, int k, int) {
      const LaneKernel& lane = kernels.at(launch.kernel)[k];
      LaneState& l = w.lanes[id];
      l.code = &lane.code;
      std::vector<uint64_t> own;
      for (int a : lane.call.args) {
        const LaunchArg& arg = launch.args[a];
        own.push_back(arg.view >= 0
                          ? reinterpret_cast<uintptr_t>(
                                host_gm.data() +
                                w.machine.allocation(layout.ViewAllocation(arg.view, l.rank)).base)
                          : static_cast<uint64_t>(arg.scalar.AsInt()));
      }
      std::vector<uint64_t> args =
          KernelArgs(lane, std::move(own), dims.at(&launch)[k], contexts[l.rank]);
      machine.SetBody(id, [fn = lane.fn, args] { kernel_call::CallKernel(fn, args); });
      pipes.Restart(id);
    });
    queue.StartAll();
    machine.Run(&queue);
    for (const LaneState& l : w.lanes) w.machine.Drain(l.id);
    w.ReportClobbers();
    result.totals.statements += w.steps;
    if (schedule == 0) {
      ASSIGN_OR_RETURN(result.outputs,
                       ProgramOutputs(w.machine, plan, layout, options.dump_dir));
    }
  }
  return result;
}

}  // namespace sim
}  // namespace ptoc
