#include "runtime/simulator.h"

#include <algorithm>
#include <memory>
#include <optional>

#include "absl/strings/str_cat.h"
#include "ir/registry.h"
#include "codegen/pipe_plans.h"
#include "ir/output_returns.h"
#include "ir/status_macros.h"
#include "passes/materialize_aiv_lanes.h"
#include "runtime/entry_params.h"
#include "runtime/interpreter.h"
#include "runtime/lane_plan.h"
#include "runtime/host_plan.h"
#include "runtime/program_sim.h"
#include "runtime/cost_table.h"
#include "runtime/pipe_check.h"
#include "runtime/timing.h"
#include "runtime/scheduler.h"
#include "runtime/world.h"

namespace ptoc {
namespace sim {
namespace {


struct Launch {
  const Function* entry = nullptr;
  std::vector<LanePlan> lanes;
  EntryParams params;
  int aiv_lanes = 0;  // per core group, as launched
};

void SetUpWorld(World& w, const Launch& launch, const SimOptions& options) {
  const Function& entry = *launch.entry;
  for (int rank = 0; rank < options.ranks; ++rank) {
    for (size_t i = 0; i < entry.params.size(); ++i) {
      const Var& v = *entry.params[i].var;
      if (!v.type.is_tensor()) continue;
      w.machine.Allocate(v.name, rank, static_cast<int>(i), launch.params.shapes[i], v.type.dtype(),
                         v.type.is_distributed());
    }
  }
  for (int a = 0; a < w.machine.num_allocations(); ++a) {
    const Allocation& alloc = w.machine.allocation(a);
    w.machine.Initialize(alloc.base, launch.params.contents[alloc.rank][alloc.param]);
  }
  const int lanes = options.ranks * static_cast<int>(launch.lanes.size());
  w.shadow->Reset(w.machine.size(), lanes);
  w.barriers.resize(options.ranks * 3);
  w.a5 = options.backend == "a5";
  w.aiv_lanes = launch.aiv_lanes;
  for (int rank = 0; rank < options.ranks; ++rank) {
    for (const LanePlan& plan : launch.lanes) {
      LaneState l;
      l.id = static_cast<int>(w.lanes.size());
      l.rank = rank;
      l.core = plan.call.core;
      l.subblock = plan.call.subblock;
      l.code = &plan.code;
      l.env.resize(plan.code.num_vars);
      l.loop_stop.resize(plan.code.num_loops);
      l.loop_step.resize(plan.code.num_loops);
      for (size_t k = 0; k < plan.call.args.size(); ++k) {
        int param = plan.call.args[k];
        Value value = launch.params.scalars[param].kind != Value::Kind::kNone
                          ? launch.params.scalars[param]
                          : Value::Tensor(w.machine.FindAllocation(param, rank));
        l.env[plan.call.function->params[k].var->id] = value;
      }
      w.lanes.push_back(std::move(l));
    }
  }
}

std::vector<SourceRef> Positions(World& w, Interpreter& interpreter) {
  std::vector<SourceRef> refs;
  for (const LaneState& l : w.lanes) {
    if (!l.finished) refs.push_back(interpreter.Position(l.id));
  }
  return refs;
}

void ReportScheduleOutcome(World& w, Interpreter& interpreter, ScheduleOutcome outcome,
                           const SimOptions& options) {
  if (outcome == ScheduleOutcome::kDeadlock) {
    Finding f;
    f.kind = FindingKind::kDeadlock;
    f.locations = Positions(w, interpreter);
    f.message = absl::StrCat("every lane still running is blocked (",
                             f.locations.size(), " of ", w.lanes.size(), " lanes)");
    w.AddFinding(std::move(f), -1);
    return;
  }
  if (outcome == ScheduleOutcome::kStepLimit) {
    Finding f;
    f.kind = FindingKind::kLivelock;
    f.locations = Positions(w, interpreter);
    f.message = absl::StrCat("the schedule reached --max-steps=", options.max_steps,
                             " before every lane finished (a possible livelock)");
    w.AddFinding(std::move(f), -1);
    for (const LaneState& l : w.lanes) {
      if (l.finished || !interpreter.BlockedInWait(l.id)) continue;
      Finding p;
      p.kind = FindingKind::kProtocolError;
      p.message = absl::StrCat("a wait that never completed within --max-steps=",
                               options.max_steps);
      p.locations.push_back(interpreter.Position(l.id));
      w.AddFinding(std::move(p), l.id);
    }
    return;
  }
  w.ReportUnpoppedTiles();
}

}  // namespace

std::map<const Expr*, codegen::GmRings> PipeGmRings(const Program& program,
                                                    const SimOptions& options) {
  std::map<const Expr*, codegen::GmRings> rings;
  if (options.backend == "a5") return rings;
  absl::StatusOr<std::map<const Expr*, codegen::PipeParams>> pipes =
      codegen::PipesBySetup(program);
  if (!pipes.ok()) return rings;
  for (const auto& [setup, params] : *pipes) {
    codegen::GmRings gm = params.gm;
    if (options.shared_gm_rings && gm.v2c >= 0) gm.v2c = gm.base;
    rings[setup] = gm;
  }
  return rings;
}

int PipeCheckIds(codegen::PipeSyncMode mode) {
  return mode == codegen::PipeSyncMode::kFlagsUnbounded ? codegen::SyncPlanner::kUnboundedIds
                                                        : 8;
}

absl::Status EndSchedule(
    World& w, Interpreter& interpreter, ScheduleOutcome outcome, const SimOptions& options,
    int schedule,
    absl::FunctionRef<absl::StatusOr<std::vector<TensorDump>>(const std::string& dump_dir)>
        outputs,
    SimResult& result, int64_t& expected_steps) {
  ReportScheduleOutcome(w, interpreter, outcome, options);
  for (const LaneState& l : w.lanes) w.machine.Drain(l.id);
  w.ReportClobbers();
  result.totals.statements += w.steps;
  if (schedule == 0 || options.keep_every_output) {
    ASSIGN_OR_RETURN(std::vector<TensorDump> dumped,
                     outputs(schedule == 0 ? options.dump_dir : ""));
    result.outputs.push_back(std::move(dumped));
  }
  if (schedule == 0) expected_steps = std::max<int64_t>(w.steps, 1);
  return absl::OkStatus();
}

absl::Status AttachPipePrograms(const Program& program, const SimOptions& options,
                                const std::vector<LanePlan*>& lanes) {
  absl::StatusOr<std::map<std::string, codegen::SyncPlanner>> planners =
      codegen::PlanPipeSync(program);
  // A program codegen cannot take (an InCore kernel, a pipe without its
  // peer) has no plan to replay: with the mode left at its default the
  // run goes on without the pipe check; asked for by --pipe-sync=flags,
  // that is an error.
  if (!planners.ok() && !program.options.pipe_sync.empty()) return planners.status();
  std::set<int> drop = options.pipe_sync_drop;
  drop.insert(options.pipe_sync_drop_set.begin(), options.pipe_sync_drop_set.end());
  drop.insert(options.pipe_sync_drop_wait.begin(), options.pipe_sync_drop_wait.end());
  // A unit asked to be dropped from no plan at all would run clean.
  RETURN_IF_ERROR(codegen::CheckDropUnits(
      planners.ok() ? *planners : std::map<std::string, codegen::SyncPlanner>(), drop));
  if (!planners.ok()) return absl::OkStatus();
  for (LanePlan* plan : lanes) {
    auto it = planners->find(plan->call.function->name);
    if (it == planners->end()) continue;
    std::vector<RecordedItem> recorded = it->second.Recorded(options.pipe_sync_drop);
    DropHalves(recorded, options.pipe_sync_drop_set, options.pipe_sync_drop_wait);
    ASSIGN_OR_RETURN(
        PipeProgram pipes,
        PipeProgram::Build(plan->code, options.backend == "a5" ? Backend::kA5 : Backend::kA2A3,
                           std::move(recorded)));
    plan->pipes = std::make_unique<PipeProgram>(std::move(pipes));
  }
  return absl::OkStatus();
}

absl::StatusOr<SimResult> Simulate(const Program& input, const SimOptions& options) {
  // Run the program under the launch materialize-aiv-lanes declares, whether
  // or not --passes named it (the pass is idempotent), for the backend it
  // runs on.
  std::unique_ptr<Program> materialized = CloneProgram(input);
  // `return pl.store(t, offs, out)`: the store becomes a statement
  // (ir/output_returns.h).
  HoistOutputReturns(*materialized);
  if (absl::StatusOr<bool> m = MaterializeAivLanesOf(*materialized, options.backend); !m.ok()) {
    return m.status();
  }
  const Program& program = *materialized;
  ASSIGN_OR_RETURN(const Function* entry, FindEntry(program, options, SimOptions::kMaxRanks));
  if (IsWholeProgramEntry(*entry)) return SimulateProgram(program, *entry, options);
  Launch launch;
  launch.entry = entry;
  ASSIGN_OR_RETURN(std::vector<LaneCall> calls, PlanLaneCalls(program, *launch.entry));
  const int declared = DeclaredAivLanes(calls);
  launch.aiv_lanes = LaunchedAivLanes(declared, options.launch);
  std::optional<Finding> launch_finding;
  for (const LaneCall& call : calls) {
    if (call.core == LaneCore::kAiv) {
      launch_finding = LaunchFinding(*call.function, declared, launch.aiv_lanes);
    }
  }
  for (LaneCall& call : WithAivLanes(std::move(calls), launch.aiv_lanes)) {
    ASSIGN_OR_RETURN(FunctionCode code, CompileFunction(*call.function));
    launch.lanes.push_back(LanePlan{std::move(call), std::move(code), nullptr});
  }
  // The pipe check replays codegen's plan of each lane, in the mode the
  // program records (barrier-all's too, pipe-sync.md §8 Q14).
  ASSIGN_OR_RETURN(codegen::PipeSyncMode mode, codegen::ParsePipeSync(program.options.pipe_sync));
  if (options.pipe_check) {
    std::vector<LanePlan*> lanes;
    for (LanePlan& plan : launch.lanes) lanes.push_back(&plan);
    RETURN_IF_ERROR(AttachPipePrograms(program, options, lanes));
  }
  ASSIGN_OR_RETURN(EntryParams params, ResolveEntryParams(*launch.entry, options.scalars));
  launch.params = std::move(params);
  const uint64_t total = GmBytesPerRank(*launch.entry, launch.params, kMaxGmBytes) * options.ranks;
  const uint64_t lanes = static_cast<uint64_t>(options.ranks) * launch.lanes.size();
  if (total > kMaxGmBytes || total * lanes > kMaxGmLaneBytes) {
    return absl::InvalidArgumentError(absl::StrCat(
        "error: the tensors of ", options.ranks, " ranks need ", total, " bytes of GM for ",
        lanes, " lanes; ptoc-sim simulates at most ", kMaxGmBytes, " bytes and ",
        kMaxGmLaneBytes, " bytes x lanes"));
  }
  RETURN_IF_ERROR(LoadEntryContents(*launch.entry, options.ranks, options.inputs_dir, options.seed,
                                    launch.params));

  std::unique_ptr<CostTable> costs;
  if (options.timed) {
    bool planned = false;
    for (const LanePlan& plan : launch.lanes) planned |= plan.pipes != nullptr;
    if (!planned) {
      return absl::InvalidArgumentError(
          "error: --cycles and --timeline replay the program's --pipe-sync plan, and this "
          "launch has none (keep --pipe-check=on)");
    }
    ASSIGN_OR_RETURN(CostTable table, options.cost_table.empty()
                                          ? CostTable::Builtin(options.backend)
                                          : CostTable::Load(options.cost_table));
    costs = std::make_unique<CostTable>(std::move(table));
  }

  SimResult result;
  if (launch_finding.has_value()) result.report.Add(std::move(*launch_finding));
  result.totals.ranks = options.ranks;
  result.totals.lanes = options.ranks * static_cast<int>(launch.lanes.size());
  result.totals.schedules = options.schedules;
  result.totals.seed = options.seed;
  int64_t expected_steps = 1000;
  AccessShadow shadow;
  const std::map<const Expr*, codegen::GmRings> gm_rings = PipeGmRings(program, options);
  for (int schedule = 0; schedule < options.schedules; ++schedule) {
    World w(options.ranks, static_cast<int>(launch.lanes.size()));
    w.gm_rings = &gm_rings;
    w.schedule = schedule;
    w.report = &result.report;
    w.shadow = &shadow;
    SetUpWorld(w, launch, options);
    Interpreter interpreter(w);
    std::vector<const PipeProgram*> pipe_programs;
    for (const LaneState& l : w.lanes) {
      pipe_programs.push_back(launch.lanes[l.id % launch.lanes.size()].pipes.get());
    }
    PipeModel pipes(w, options.backend == "a5" ? Backend::kA5 : Backend::kA2A3,
                    std::move(pipe_programs), PipeCheckIds(mode));
    interpreter.set_pipe_model(&pipes);
    std::unique_ptr<TimingModel> timing;
    if (costs != nullptr && schedule == 0) {
      timing = std::make_unique<TimingModel>(*costs, w, std::string(codegen::PipeSyncName(mode)),
                                             options.deps);
      pipes.set_timing(timing.get());
    }
    ScheduleConfig config{options.seed, schedule, options.max_steps, expected_steps};
    ScheduleOutcome outcome = RunSchedule(w, interpreter, config);
    RETURN_IF_ERROR(EndSchedule(
        w, interpreter, outcome, options, schedule,
        [&](const std::string& dir) { return EntryOutputs(w.machine, *launch.entry, dir); },
        result, expected_steps));
    if (timing != nullptr) {
      result.timing_text = timing->Text();
      result.timing_json = timing->Json();
      result.timeline =
          timing->Timeline(options.backend, options.timeline_us, options.timeline_limit);
    }
  }
  return result;
}

}  // namespace sim
}  // namespace ptoc
