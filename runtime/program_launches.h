// What the two runners of a whole program share (runtime.md, "Whole
// programs"; program_sim.cc runs the IR on the interpreter,
// device/program_cpp.cc the emitted C++ on lane threads): which lanes each
// launched kernel starts, where the plan's objects and views are in GM, each
// rank's launches one after another, and the outputs. Sharing them is what
// makes the two runs' inputs, launch order and --dump-outputs files the same.
#ifndef PTOC_RUNTIME_PROGRAM_LAUNCHES_H_
#define PTOC_RUNTIME_PROGRAM_LAUNCHES_H_

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "ir/ir.h"
#include "runtime/entry_params.h"
#include "runtime/host_plan.h"
#include "runtime/machine.h"
#include "runtime/report.h"
#include "runtime/scheduler.h"
#include "runtime/world.h"

namespace ptoc {
namespace sim {

// Lane slots of a core group: its AIC, its AIV0 (an InCore kernel runs there
// too) and its AIV1. A rank has one core group per SPMD block of the widest
// launch; a kernel launch uses the slots of its lanes in each of its blocks.
// A slot keeps its lane id, data cache and clock from one launch to the next.
constexpr int kSlots = 3;

// The lanes of every kernel the plan launches, as launched.
struct ProgramKernels {
  // Per kernel (Group, AIC, AIV or InCore function): its lane calls, AIV
  // ones doubled under a 1C:2V launch (WithAivLanes).
  std::map<const Function*, std::vector<LaneCall>> lanes;
  // The kernels in the order of their first launch (rank 0 first): the
  // order the runners prepare them in, so that errors do not depend on
  // where the functions are in memory.
  std::vector<const Function*> order;
  int aiv_lanes = 0;  // per core group (0: no kernel has an AIV lane)
  int blocks = 1;     // core groups per rank: the widest SPMD launch
  std::vector<Finding> launch_findings;  // --launch forcing another ratio
};

// The lanes of the plan's kernels. `declared` gives the AIV lanes a kernel
// with these lane calls declares (DeclaredAivLanes of the program, or what
// the emitted C++ says). Errors: a kernel whose lanes cannot be planned, two
// kernels launching different numbers of AIV lanes.
absl::StatusOr<ProgramKernels> PlanProgramKernels(
    const Program& program, const RunPlan& plan, LaunchRatio launch,
    absl::FunctionRef<absl::StatusOr<int>(const std::vector<LaneCall>&)> declared);

// Bytes of GM the plan's objects take on `ranks` ranks.
uint64_t ProgramGmBytes(const RunPlan& plan, int ranks);

// Where the plan's objects and views are in a Machine.
struct ProgramLayout {
  std::vector<std::vector<uint64_t>> object_base;  // [object][rank] (window buffers), else [0]
  std::vector<std::vector<int>> view_alloc;        // [view][rank] (windows), else [0]
  // Per rank: where its windows start. Every rank's windows are laid out
  // alike from there, so a peer's copy is at the same offset from its
  // rank's base (the comm_ctx the emitted kernels take).
  std::vector<uint64_t> window_base;

  // The allocation of `view` as lane code on `rank` sees it.
  int ViewAllocation(int view, int rank) const {
    const std::vector<int>& allocs = view_alloc[view];
    return allocs.size() > 1 ? allocs[rank] : allocs[0];
  }
};

// Places every object and names every view in `machine`, then fills the
// objects: entry tensors from --inputs (host tensors: DIR/<name>.txt; an
// orchestration entry's: DIR/<name>.<rank>.txt) or the seeded pattern, the
// rest zeroed. Errors: a malformed input file.
absl::StatusOr<ProgramLayout> PlaceProgram(Machine& machine, const RunPlan& plan,
                                           const LaunchOptions& options);

// Every Out / InOut tensor of the entry as GM holds it; written to
// `dump_dir` when given (host tensors: DIR/<name>.txt).
absl::StatusOr<std::vector<TensorDump>> ProgramOutputs(const Machine& machine,
                                                       const RunPlan& plan,
                                                       const ProgramLayout& layout,
                                                       const std::string& dump_dir);

// Starts each rank's next launch when its current one has ended. The world
// must have kSlots * kernels.blocks lanes per rank, all idle (in_launch
// false, finished). When a launch ends, its pending writes land and its
// dirty lines are written back, but every lane keeps its cached lines
// (comm-hazards.md H5); the next launch on the rank is ordered after
// everything the previous one did (kLaunchOrder), with fresh FIFOs and
// barriers.
class ProgramQueue : public LaunchQueue {
 public:
  // The runner's part of starting lane `lane` as the k-th lane call of
  // `launch.kernel` in block `block`: the code it runs (LaneState::code)
  // and its arguments, its pipe check restarted. The queue has set the rest
  // of the LaneState.
  using StartLane =
      std::function<void(int lane, const KernelLaunch& launch, int k, int block)>;

  ProgramQueue(World& w, const RunPlan& plan, const ProgramKernels& kernels, StartLane start);

  // Starts the first launch of every rank.
  void StartAll();
  void LaneFinished(int lane) override;

 private:
  void Advance(int rank);

  World& w_;
  const RunPlan& plan_;
  const ProgramKernels& kernels_;
  StartLane start_;
  const int per_rank_;  // lane slots per rank
  std::vector<size_t> next_;
};

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_PROGRAM_LAUNCHES_H_
