#include "runtime/program_sim.h"

#include <map>
#include <memory>
#include <optional>
#include <set>

#include "absl/strings/str_cat.h"
#include "ir/diagnostics.h"
#include "ir/file_util.h"
#include "ir/status_macros.h"
#include "runtime/host_plan.h"
#include "runtime/interpreter.h"
#include "runtime/lane_plan.h"
#include "runtime/pipe_check.h"
#include "runtime/scheduler.h"
#include "runtime/tensor_files.h"
#include "runtime/world.h"

namespace ptoc {
namespace sim {
namespace {

// Lane slots of a core group: its AIC, its AIV0 (an InCore kernel runs there
// too) and its AIV1. A rank has one core group per SPMD block of the widest
// launch; a kernel launch uses the slots of its lanes in each of its blocks.
// A slot keeps its lane id, data cache and clock from one launch to the next.
constexpr int kSlots = 3;

int SlotOf(const LaneCall& call) {
  if (call.core == LaneCore::kAic) return 0;
  return call.subblock == 1 ? 2 : 1;
}

// The lanes of one kernel, compiled once for every launch of it.
struct KernelLanes {
  std::vector<LanePlan> lanes;
};

// The GM places of the plan's objects and views.
struct Layout {
  std::vector<std::vector<uint64_t>> object_base;  // [object][rank] (host, device: [0])
  std::vector<std::vector<int>> view_alloc;        // [view][rank]
};

// The --inputs / --dump-outputs file of object `o` on `rank`: a host tensor's
// DIR/<name>.txt, a device tensor's DIR/<name>.<rank>.txt.
std::string ObjectFilePath(const std::string& dir, const GmObject& o, int rank) {
  return o.kind == GmObject::Kind::kHostTensor ? absl::StrCat(dir, "/", o.name, ".txt")
                                               : TensorFilePath(dir, o.name, rank);
}

uint64_t ObjectBase(const Layout& layout, const GmObject& o, int object, int rank) {
  return layout.object_base[object][o.kind == GmObject::Kind::kWindowBuffer ? rank : 0];
}

// Places every object and names every view, then fills the objects: entry
// tensors from --inputs (host tensors: DIR/<name>.txt; an orchestration
// entry's: DIR/<name>.<rank>.txt) or the seeded pattern, the rest zeroed.
absl::StatusOr<Layout> PlaceObjects(World& w, const RunPlan& plan, const SimOptions& options) {
  Layout layout;
  std::vector<std::pair<uint64_t, std::vector<uint8_t>>> contents;
  for (size_t i = 0; i < plan.objects.size(); ++i) {
    const GmObject& o = plan.objects[i];
    const int key = -2 - static_cast<int>(i);  // never a view's
    std::vector<int> ranks;
    if (o.kind == GmObject::Kind::kWindowBuffer) {
      for (int r = 0; r < options.ranks; ++r) ranks.push_back(r);
    } else {
      ranks.push_back(o.rank);
    }
    std::vector<uint64_t> bases;
    for (int rank : ranks) {
      int a = w.machine.Allocate(o.name, rank, key, o.shape, o.dtype, o.window);
      bases.push_back(w.machine.allocation(a).base);
      const uint64_t bytes = o.Bytes();
      std::optional<std::vector<uint8_t>> data;
      if (o.param >= 0 && !options.inputs_dir.empty()) {
        ASSIGN_OR_RETURN(data, ReadTensorFile(ObjectFilePath(options.inputs_dir, o, rank),
                                              bytes / DTypeBytes(o.dtype), o.dtype));
      }
      if (!data.has_value()) {
        data = o.param >= 0 && !o.window
                   ? SeededPattern(options.seed, std::max(rank, 0), o.param,
                                   static_cast<int64_t>(bytes / DTypeBytes(o.dtype)), o.dtype)
                   : std::vector<uint8_t>(bytes, 0);
      }
      contents.emplace_back(bases.back(), std::move(*data));
    }
    layout.object_base.push_back(std::move(bases));
  }
  for (size_t v = 0; v < plan.views.size(); ++v) {
    const TensorView& view = plan.views[v];
    const GmObject& o = plan.objects[view.object];
    std::vector<int> allocs;
    const int key = static_cast<int>(v);
    if (view.window) {
      for (int r = 0; r < options.ranks; ++r) {
        allocs.push_back(w.machine.AddAlias(view.name, r, key,
                                            ObjectBase(layout, o, view.object, r) + view.offset,
                                            view.shape, view.dtype, true));
      }
    } else {
      allocs.push_back(w.machine.AddAlias(view.name, o.rank, key,
                                          ObjectBase(layout, o, view.object, 0) + view.offset,
                                          view.shape, view.dtype, false));
    }
    layout.view_alloc.push_back(std::move(allocs));
  }
  for (const auto& [base, bytes] : contents) w.machine.Initialize(base, bytes);
  return layout;
}

// Starts each rank's next launch when its current one has ended.
class ProgramQueue : public LaunchQueue {
 public:
  ProgramQueue(World& w, PipeModel& pipes, const RunPlan& plan, const Layout& layout,
               const std::map<const Function*, KernelLanes>& kernels)
      : w_(w), pipes_(pipes), plan_(plan), layout_(layout), kernels_(kernels),
        per_rank_(kSlots * w.blocks), next_(plan.launches.size(), 0) {}

  // Starts the first launch of every rank.
  void StartAll() {
    for (int rank = 0; rank < w_.ranks; ++rank) Advance(rank);
  }

  void LaneFinished(int lane) override {
    const int rank = lane / per_rank_;
    for (int s = 0; s < per_rank_; ++s) {
      const LaneState& l = w_.lanes[rank * per_rank_ + s];
      if (l.in_launch && !l.finished) return;
    }
    if (next_[rank] >= plan_.launches[rank].size()) return;  // the rank is done
    // The launch has ended: its writes land, its lines stay (H5), and the
    // next launch on the rank happens after everything it did.
    for (int s = 0; s < per_rank_; ++s) {
      const int id = rank * per_rank_ + s;
      if (!w_.lanes[id].in_launch) continue;
      w_.machine.EndLaunch(id);
      w_.clocks.Release(id, w_.machine.now());
    }
    w_.ReportClobbers();
    w_.ReportUnpoppedTilesOf(rank);
    Advance(rank);
  }

 private:
  void Advance(int rank) {
    const size_t index = next_[rank]++;
    const std::vector<KernelLaunch>& launches = plan_.launches[rank];
    if (index >= launches.size()) return;
    const KernelLaunch& launch = launches[index];
    const KernelLanes& kernel = kernels_.at(launch.kernel);
    // Fresh FIFOs, pipe bookkeeping and barriers for the new launch.
    for (int b = 0; b < w_.blocks; ++b) {
      for (PipeDir d : {PipeDir::kC2V, PipeDir::kV2C}) w_.ring(rank, b, d) = FifoRing();
    }
    w_.pipe_uses[rank] = PipeUse();
    for (int b = 0; b < 3; ++b) w_.barriers[rank * 3 + b].reset();
    const int first = rank * per_rank_;
    std::vector<VectorClock> before;
    for (int s = 0; s < per_rank_; ++s) before.push_back(w_.clocks.clock(first + s));
    const Location* previous = index == 0 ? nullptr : &launches[index - 1].call;
    for (int s = 0; s < per_rank_; ++s) w_.lanes[first + s].in_launch = false;
    for (int block = 0; block < launch.blocks; ++block) {
      for (const LanePlan& plan : kernel.lanes) {
        const int id = first + block * kSlots + SlotOf(plan.call);
        Start(w_.lanes[id], plan, launch, block);
        if (previous != nullptr) {
          for (int s = 0; s < per_rank_; ++s) {
            if (first + s == id) continue;
            w_.clocks.Acquire(id, before[s],
                              AcquireEvent{kLaunchOrder, previous, &launch.call});
          }
        }
        w_.machine.RestartLane(id);
        pipes_.Restart(id, plan.pipes.get());
      }
    }
    for (int s = 0; s < per_rank_; ++s) {
      LaneState& l = w_.lanes[first + s];
      if (!l.in_launch) l.finished = true;
    }
  }

  // Lane `l` runs `plan` as block `block` of `launch`, from its start.
  void Start(LaneState& l, const LanePlan& plan, const KernelLaunch& launch, int block) {
    l.code = &plan.code;
    l.core = plan.call.core;
    l.subblock = plan.call.subblock;
    l.block = block;
    l.block_num = launch.blocks;
    l.pc = 0;
    l.env.assign(plan.code.num_vars, Value());
    l.loop_stop.assign(plan.code.num_loops, 0);
    l.loop_step.assign(plan.code.num_loops, 0);
    l.finished = false;
    l.in_launch = true;
    l.barrier = -1;
    l.pipe_mask = -1;
    for (size_t k = 0; k < plan.call.args.size(); ++k) {
      const LaunchArg& arg = launch.args[plan.call.args[k]];
      Value value = arg.scalar;
      if (arg.view >= 0) {
        const std::vector<int>& allocs = layout_.view_alloc[arg.view];
        value = Value::Tensor(allocs.size() > 1 ? allocs[l.rank] : allocs[0]);
      }
      l.env[plan.call.function->params[k].var->id] = value;
    }
  }

  World& w_;
  PipeModel& pipes_;
  const RunPlan& plan_;
  const Layout& layout_;
  const std::map<const Function*, KernelLanes>& kernels_;
  const int per_rank_;  // lane slots per rank
  std::vector<size_t> next_;
};

// Every Out / InOut tensor of the entry after the schedule; written to
// `dump_dir` when given (host tensors: DIR/<name>.txt).
absl::StatusOr<std::vector<TensorDump>> ProgramOutputs(const World& w, const RunPlan& plan,
                                                       const Layout& layout,
                                                       const std::string& dump_dir) {
  if (!dump_dir.empty()) RETURN_IF_ERROR(CreateDirectories(dump_dir, dump_dir));
  std::vector<TensorDump> out;
  for (size_t i = 0; i < plan.objects.size(); ++i) {
    const GmObject& o = plan.objects[i];
    if (!o.output) continue;
    ASSIGN_OR_RETURN(TensorDump d,
                     DumpTensor(w.machine, o.name, o.rank, layout.object_base[i][0], o.shape,
                                o.dtype, dump_dir.empty() ? "" : ObjectFilePath(dump_dir, o, o.rank)));
    out.push_back(std::move(d));
  }
  return out;
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

  // Compile each launched kernel's lanes once.
  std::map<const Function*, KernelLanes> kernels;
  int aiv_lanes = -1;
  int blocks = 1;
  SimResult result;
  for (const std::vector<KernelLaunch>& launches : plan.launches) {
    for (const KernelLaunch& launch : launches) {
      blocks = std::max(blocks, launch.blocks);
      if (kernels.count(launch.kernel)) continue;
      ASSIGN_OR_RETURN(std::vector<LaneCall> calls, PlanLaneCalls(program, *launch.kernel));
      const int declared = DeclaredAivLanes(calls);
      const int launched = LaunchedAivLanes(declared, options.launch);
      if (launched > 0 && aiv_lanes > 0 && launched != aiv_lanes) {
        return ErrorAt(launch.kernel->loc,
                       "ptoc-sim runs a whole program whose kernels launch the same number of "
                       "AIV lanes per core group; this kernel launches another");
      }
      if (launched > 0) aiv_lanes = launched;
      for (const LaneCall& call : calls) {
        if (call.core != LaneCore::kAiv) continue;
        if (std::optional<Finding> f = LaunchFinding(*call.function, declared, launched)) {
          result.report.Add(std::move(*f));
        }
      }
      KernelLanes& k = kernels[launch.kernel];
      for (LaneCall& call : WithAivLanes(std::move(calls), launched)) {
        ASSIGN_OR_RETURN(FunctionCode code, CompileFunction(*call.function));
        k.lanes.push_back(LanePlan{std::move(call), std::move(code), nullptr});
      }
    }
  }
  if (options.pipe_check) {
    std::vector<LanePlan*> lanes;
    for (auto& [f, k] : kernels) {
      for (LanePlan& plan : k.lanes) lanes.push_back(&plan);
    }
    RETURN_IF_ERROR(AttachPipePrograms(program, options, lanes));
  }
  uint64_t total = 0;
  for (const GmObject& o : plan.objects) {
    total += o.Bytes() * (o.kind == GmObject::Kind::kWindowBuffer ? options.ranks : 1);
  }
  const int per_rank = kSlots * blocks;
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
    w.blocks = blocks;
    w.rings.resize(options.ranks * blocks * 2);
    w.schedule = schedule;
    w.report = &result.report;
    w.shadow = &shadow;
    w.a5 = options.backend == "a5";
    w.aiv_lanes = std::max(aiv_lanes, 0);
    w.barriers.resize(options.ranks * 3);
    ASSIGN_OR_RETURN(Layout layout, PlaceObjects(w, plan, options));
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
    ProgramQueue queue(w, pipes, plan, layout, kernels);
    queue.StartAll();
    ScheduleConfig config{options.seed, schedule, options.max_steps, expected_steps, &queue};
    ScheduleOutcome outcome = RunSchedule(w, interpreter, config);
    RETURN_IF_ERROR(EndSchedule(
        w, interpreter, outcome, options, schedule,
        [&](const std::string& dir) { return ProgramOutputs(w, plan, layout, dir); }, result,
        expected_steps));
  }
  return result;
}

}  // namespace sim
}  // namespace ptoc
