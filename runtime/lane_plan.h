// What the two kinds of run share (simulator.cc: one entry launched on every
// rank; program_sim.cc: a whole program's launches): a lane's compiled code
// and pipe-check plan, and the end of a schedule.
#ifndef PTOC_RUNTIME_LANE_PLAN_H_
#define PTOC_RUNTIME_LANE_PLAN_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "codegen/pipe_layout.h"
#include "codegen/sync_plan.h"
#include "ir/ir.h"
#include "runtime/code.h"
#include "runtime/entry_params.h"
#include "runtime/interpreter.h"
#include "runtime/pipe_check.h"
#include "runtime/scheduler.h"
#include "runtime/simulator.h"

namespace ptoc {
namespace sim {

// Every simulated GM byte carries its provenance and a read mark per lane
// (8 bytes each), so the simulated GM, and GM times lanes, are bounded to
// stay well below the host's memory.
constexpr uint64_t kMaxGmBytes = uint64_t{64} << 20;
constexpr uint64_t kMaxGmLaneBytes = uint64_t{256} << 20;

struct LanePlan {
  LaneCall call;
  FunctionCode code;
  std::unique_ptr<PipeProgram> pipes;  // the pipe check's plan; null: none
};

// Gives every lane the pipe check's replay of codegen's plan of its
// function, in the mode the program records, leaving out the units
// --pipe-sync-drop* names. A program codegen cannot take runs unchecked
// unless --pipe-sync was asked for (then its error is returned).
absl::Status AttachPipePrograms(const Program& program, const SimOptions& options,
                                const std::vector<LanePlan*>& lanes);

// a2a3: the GM rings of each *_initialize_pipe op of `program` as codegen
// places them (codegen::PipesBySetup), the V2C ring on the C2V ring under
// options.shared_gm_rings. Empty on a5 and for a program codegen cannot
// take, whose FIFO rings stay unplaced.
std::map<const Expr*, codegen::GmRings> PipeGmRings(const Program& program,
                                                    const SimOptions& options);

// The event ids per pipe pair the pipe check allows in `mode`.
int PipeCheckIds(codegen::PipeSyncMode mode);

// The end of schedule `schedule` of a run: its outcome reported (a
// deadlock or a reached --max-steps at the lanes still running, else the
// tiles left in a FIFO), the lanes
// drained, its statements counted, its outputs (`outputs`, given the
// folder to write them to, "" for none) kept on the first schedule or
// with --keep-every-output, and the first schedule's steps kept as the
// expected length of the later ones.
absl::Status EndSchedule(
    World& w, Interpreter& interpreter, ScheduleOutcome outcome, const SimOptions& options,
    int schedule,
    absl::FunctionRef<absl::StatusOr<std::vector<TensorDump>>(const std::string& dump_dir)>
        outputs,
    SimResult& result, int64_t& expected_steps);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_LANE_PLAN_H_
