#include "runtime/program_launches.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "ir/diagnostics.h"
#include "ir/file_util.h"
#include "ir/status_macros.h"
#include "runtime/tensor_files.h"

namespace ptoc {
namespace sim {
namespace {

int SlotOf(const LaneCall& call) {
  if (call.core == LaneCore::kAic) return 0;
  return call.subblock == 1 ? 2 : 1;
}

// Placed in every rank's window area: a window buffer (one per rank) or an
// orchestration entry's DistributedTensor parameter (one per rank, each on
// its own).
bool InWindowArea(const GmObject& o) {
  return o.kind == GmObject::Kind::kWindowBuffer ||
         (o.kind == GmObject::Kind::kDeviceTensor && o.window);
}

// The --inputs / --dump-outputs file of object `o` on `rank`: a host tensor's
// DIR/<name>.txt, a device tensor's DIR/<name>.<rank>.txt.
std::string ObjectFilePath(const std::string& dir, const GmObject& o, int rank) {
  return o.kind == GmObject::Kind::kHostTensor ? absl::StrCat(dir, "/", o.name, ".txt")
                                               : TensorFilePath(dir, o.name, rank);
}

uint64_t ObjectBase(const ProgramLayout& layout, const GmObject& o, int object, int rank) {
  return layout.object_base[object][o.kind == GmObject::Kind::kWindowBuffer ? rank : 0];
}

}  // namespace

absl::StatusOr<ProgramKernels> PlanProgramKernels(
    const Program& program, const RunPlan& plan, LaunchRatio launch,
    absl::FunctionRef<absl::StatusOr<int>(const std::vector<LaneCall>&)> declared) {
  ProgramKernels kernels;
  for (const std::vector<KernelLaunch>& launches : plan.launches) {
    for (const KernelLaunch& l : launches) {
      kernels.blocks = std::max(kernels.blocks, l.blocks);
      if (kernels.lanes.count(l.kernel)) continue;
      ASSIGN_OR_RETURN(std::vector<LaneCall> calls, PlanLaneCalls(program, *l.kernel));
      ASSIGN_OR_RETURN(const int d, declared(calls));
      const int launched = LaunchedAivLanes(d, launch);
      if (launched > 0 && kernels.aiv_lanes > 0 && launched != kernels.aiv_lanes) {
        return ErrorAt(l.kernel->loc,
                       "a whole program runs when its kernels launch the same number of AIV "
                       "lanes per core group; this kernel launches another");
      }
      if (launched > 0) kernels.aiv_lanes = launched;
      for (const LaneCall& call : calls) {
        if (call.core != LaneCore::kAiv) continue;
        if (std::optional<Finding> f = LaunchFinding(*call.function, d, launched)) {
          kernels.launch_findings.push_back(std::move(*f));
        }
      }
      kernels.lanes[l.kernel] = WithAivLanes(std::move(calls), launched);
      kernels.order.push_back(l.kernel);
    }
  }
  return kernels;
}

uint64_t ProgramGmBytes(const RunPlan& plan, int ranks) {
  uint64_t total = 0;
  for (const GmObject& o : plan.objects) {
    total += o.Bytes() * (o.kind == GmObject::Kind::kWindowBuffer ? ranks : 1);
  }
  return total;
}

absl::StatusOr<ProgramLayout> PlaceProgram(Machine& machine, const RunPlan& plan,
                                           const LaunchOptions& options) {
  ProgramLayout layout;
  layout.object_base.resize(plan.objects.size());
  layout.window_base.assign(options.ranks, 0);
  std::vector<std::pair<uint64_t, std::vector<uint8_t>>> contents;
  auto place = [&](size_t i, int rank) -> absl::Status {
    const GmObject& o = plan.objects[i];
    const int key = -2 - static_cast<int>(i);  // never a view's
    const int a = machine.Allocate(o.name, rank, key, o.shape, o.dtype, o.window);
    const uint64_t base = machine.allocation(a).base;
    layout.object_base[i].push_back(base);
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
    contents.emplace_back(base, std::move(*data));
    return absl::OkStatus();
  };
  for (size_t i = 0; i < plan.objects.size(); ++i) {
    if (!InWindowArea(plan.objects[i])) RETURN_IF_ERROR(place(i, plan.objects[i].rank));
  }
  // Each rank's windows together, in object order, so that they are at the
  // same offsets on every rank.
  for (int r = 0; r < options.ranks; ++r) {
    bool first = true;
    for (size_t i = 0; i < plan.objects.size(); ++i) {
      const GmObject& o = plan.objects[i];
      if (!InWindowArea(o) || (o.kind == GmObject::Kind::kDeviceTensor && o.rank != r)) continue;
      RETURN_IF_ERROR(place(i, r));
      if (first) layout.window_base[r] = layout.object_base[i].back();
      first = false;
    }
  }
  for (size_t v = 0; v < plan.views.size(); ++v) {
    const TensorView& view = plan.views[v];
    const GmObject& o = plan.objects[view.object];
    std::vector<int> allocs;
    const int key = static_cast<int>(v);
    if (view.window) {
      for (int r = 0; r < options.ranks; ++r) {
        allocs.push_back(machine.AddAlias(view.name, r, key,
                                          ObjectBase(layout, o, view.object, r) + view.offset,
                                          view.shape, view.dtype, true));
      }
    } else {
      allocs.push_back(machine.AddAlias(view.name, o.rank, key,
                                        ObjectBase(layout, o, view.object, 0) + view.offset,
                                        view.shape, view.dtype, false));
    }
    layout.view_alloc.push_back(std::move(allocs));
  }
  for (const auto& [base, bytes] : contents) machine.Initialize(base, bytes);
  return layout;
}

absl::StatusOr<std::vector<TensorDump>> ProgramOutputs(const Machine& machine,
                                                       const RunPlan& plan,
                                                       const ProgramLayout& layout,
                                                       const std::string& dump_dir) {
  if (!dump_dir.empty()) RETURN_IF_ERROR(CreateDirectories(dump_dir, dump_dir));
  std::vector<TensorDump> out;
  for (size_t i = 0; i < plan.objects.size(); ++i) {
    const GmObject& o = plan.objects[i];
    if (!o.output) continue;
    const std::string path = dump_dir.empty() ? "" : ObjectFilePath(dump_dir, o, o.rank);
    ASSIGN_OR_RETURN(TensorDump d, DumpTensor(machine, o.name, o.rank, layout.object_base[i][0],
                                              o.shape, o.dtype, path));
    out.push_back(std::move(d));
  }
  return out;
}

ProgramQueue::ProgramQueue(World& w, const RunPlan& plan, const ProgramKernels& kernels,
                           StartLane start)
    : w_(w), plan_(plan), kernels_(kernels), start_(std::move(start)),
      per_rank_(kSlots * w.blocks), next_(plan.launches.size(), 0) {}

void ProgramQueue::StartAll() {
  for (int rank = 0; rank < w_.ranks; ++rank) Advance(rank);
}

void ProgramQueue::LaneFinished(int lane) {
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

void ProgramQueue::Advance(int rank) {
  const size_t index = next_[rank]++;
  const std::vector<KernelLaunch>& launches = plan_.launches[rank];
  if (index >= launches.size()) return;
  const KernelLaunch& launch = launches[index];
  const std::vector<LaneCall>& calls = kernels_.lanes.at(launch.kernel);
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
    for (size_t k = 0; k < calls.size(); ++k) {
      const int id = first + block * kSlots + SlotOf(calls[k]);
      LaneState& l = w_.lanes[id];
      l.core = calls[k].core;
      l.subblock = calls[k].subblock;
      l.block = block;
      l.block_num = launch.blocks;
      l.finished = false;
      l.in_launch = true;
      l.barrier = -1;
      l.pipe_mask = -1;
      start_(id, launch, static_cast<int>(k), block);
      if (previous != nullptr) {
        for (int s = 0; s < per_rank_; ++s) {
          if (first + s == id) continue;
          w_.clocks.Acquire(id, before[s], AcquireEvent{kLaunchOrder, previous, &launch.call});
        }
      }
      w_.machine.RestartLane(id);
    }
  }
  for (int s = 0; s < per_rank_; ++s) {
    LaneState& l = w_.lanes[first + s];
    if (!l.in_launch) l.finished = true;
  }
}

}  // namespace sim
}  // namespace ptoc
