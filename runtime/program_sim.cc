#include "runtime/program_sim.h"

#include <map>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/diagnostics.h"
#include "ir/status_macros.h"
#include "runtime/host_plan.h"
#include "runtime/interpreter.h"
#include "runtime/lane_plan.h"
#include "runtime/pipe_check.h"
#include "runtime/program_launches.h"
#include "runtime/scheduler.h"
#include "runtime/world.h"

namespace ptoc {
namespace sim {
namespace {

// The lanes of one kernel, compiled once for every launch of it, in the
// order of its ProgramKernels lane calls.
using KernelLanes = std::vector<LanePlan>;

// The interpreter's part of starting a lane (ProgramQueue::StartLane):
// lane `l` runs `plan` from its start with the arguments of `launch`.
void Start(LaneState& l, const LanePlan& plan, const KernelLaunch& launch,
           const ProgramLayout& layout) {
  l.code = &plan.code;
  l.pc = 0;
  l.env.assign(plan.code.num_vars, Value());
  l.loop_stop.assign(plan.code.num_loops, 0);
  l.loop_step.assign(plan.code.num_loops, 0);
  for (size_t k = 0; k < plan.call.args.size(); ++k) {
    const LaunchArg& arg = launch.args[plan.call.args[k]];
    Value value = arg.scalar;
    if (arg.view >= 0) value = Value::Tensor(layout.ViewAllocation(arg.view, l.rank));
    l.env[plan.call.function->params[k].var->id] = value;
  }
}

}  // namespace

absl::StatusOr<SimResult> SimulateProgram(const Program& program, const Function& entry,
                                          const SimOptions& options) {
  if (options.timed) {
    return ErrorAt(entry.loc, "--cycles and --timeline time one kernel launch (--entry=KERNEL); "
                              "a whole program is not timed yet");
  }
  ASSIGN_OR_RETURN(EntryParams params, ResolveEntryParams(entry, options.scalars));
  ASSIGN_OR_RETURN(RunPlan plan, PlanRun(program, entry, options.ranks, params));

  ASSIGN_OR_RETURN(ProgramKernels planned,
                   PlanProgramKernels(program, plan, options.launch,
                                      [](const std::vector<LaneCall>& calls) -> absl::StatusOr<int> {
                                        return DeclaredAivLanes(calls);
                                      }));
  SimResult result;
  for (Finding& f : planned.launch_findings) result.report.Add(std::move(f));
  // Compile each launched kernel's lanes once.
  std::map<const Function*, KernelLanes> kernels;
  for (const Function* kernel : planned.order) {
    KernelLanes& k = kernels[kernel];
    for (const LaneCall& call : planned.lanes.at(kernel)) {
      ASSIGN_OR_RETURN(FunctionCode code, CompileFunction(*call.function));
      k.push_back(LanePlan{call, std::move(code), nullptr});
    }
  }
  if (options.pipe_check) {
    std::vector<LanePlan*> lanes;
    for (const Function* kernel : planned.order) {
      for (LanePlan& plan : kernels.at(kernel)) lanes.push_back(&plan);
    }
    RETURN_IF_ERROR(AttachPipePrograms(program, options, lanes));
  }
  const uint64_t total = ProgramGmBytes(plan, options.ranks);
  const int per_rank = kSlots * planned.blocks;
  const uint64_t lanes = static_cast<uint64_t>(options.ranks) * per_rank;
  if (total > kMaxGmBytes || total * lanes > kMaxGmLaneBytes) {
    return absl::InvalidArgumentError(absl::StrCat(
        "error: the program's tensors and windows on ", options.ranks, " ranks need ", total,
        " bytes of GM for ", lanes, " lanes; ptoc-sim simulates at most ", kMaxGmBytes,
        " bytes and ", kMaxGmLaneBytes, " bytes x lanes"));
  }
  ASSIGN_OR_RETURN(codegen::PipeSyncMode mode, codegen::ParsePipeSync(program.options.pipe_sync));

  result.totals.ranks = options.ranks;
  result.totals.lanes = options.ranks * per_rank;
  result.totals.schedules = options.schedules;
  result.totals.seed = options.seed;
  int64_t expected_steps = 1000;
  AccessShadow shadow;
  const std::map<const Expr*, codegen::GmRings> gm_rings = PipeGmRings(program, options);
  for (int schedule = 0; schedule < options.schedules; ++schedule) {
    World w(options.ranks, per_rank);
    w.gm_rings = &gm_rings;
    w.blocks = planned.blocks;
    w.rings.resize(options.ranks * planned.blocks * 2);
    w.schedule = schedule;
    w.report = &result.report;
    w.shadow = &shadow;
    w.a5 = options.backend == "a5";
    w.aiv_lanes = planned.aiv_lanes;
    w.barriers.resize(options.ranks * 3);
    ASSIGN_OR_RETURN(ProgramLayout layout, PlaceProgram(w.machine, plan, options));
    shadow.Reset(w.machine.size(), options.ranks * per_rank);
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
    Interpreter interpreter(w);
    PipeModel pipes(w, options.backend == "a5" ? Backend::kA5 : Backend::kA2A3,
                    std::vector<const PipeProgram*>(w.lanes.size(), nullptr),
                    PipeCheckIds(mode));
    interpreter.set_pipe_model(&pipes);
    ProgramQueue queue(w, plan, planned,
                       [&](int id, const KernelLaunch& launch, int k, int /*block*/) {
                         const LanePlan& lane = kernels.at(launch.kernel)[k];
                         Start(w.lanes[id], lane, launch, layout);
                         pipes.Restart(id, lane.pipes.get());
                       });
    queue.StartAll();
    ScheduleConfig config{options.seed, schedule, options.max_steps, expected_steps, &queue};
    ScheduleOutcome outcome = RunSchedule(w, interpreter, config);
    RETURN_IF_ERROR(EndSchedule(
        w, interpreter, outcome, options, schedule,
        [&](const std::string& dir) { return ProgramOutputs(w.machine, plan, layout, dir); },
        result, expected_steps));
  }
  return result;
}

}  // namespace sim
}  // namespace ptoc
