// The pipes inside each lane of a ptoc-run-cpp launch (pipe-sync.md §4.4).
// The hooks give every device-API call that is a machine op its pipe (§1,
// by the call and the memories of its tiles, as codegen/lowering.cc gives
// it to the IR op) and its accesses at the addresses of the run: a tile's
// buffer at its TASSIGN (or popped slot) address, the GM runs of a
// GlobalTensor; and set_flag / wait_flag / pipe_barrier their §4.2
// meaning. The lane's pipe check (runtime/pipe_check.h) and the timing
// model (runtime/timing.h) take these events as ptoc-sim's pipe model
// gives them the plan's, so the C++ is checked and timed by the same rules
// as the IR; and because nothing here comes from ptoc's plan, the C++ of
// another tool (ptoas's InsertSync) is checked and timed the same way.
#ifndef PTOC_RUNTIME_DEVICE_DEVICE_PIPES_H_
#define PTOC_RUNTIME_DEVICE_DEVICE_PIPES_H_

#include <memory>
#include <string>
#include <vector>

#include "codegen/lowering.h"
#include "codegen/sync_plan.h"
#include "runtime/pipe_check.h"
#include "runtime/timing.h"
#include "runtime/world.h"

namespace ptoc {
namespace sim {

class DevicePipes {
 public:
  // `params`: the names of the GM regions by Allocation::param (the
  // entry's parameters; a whole program's views); `check`: run the pipe
  // check of every lane that has a kernel, its findings into the world's
  // report; `timing`: the timing model of this schedule, or nullptr.
  DevicePipes(World& world, Backend backend, std::vector<std::string> params, bool check,
              TimingModel* timing);

  // Lane `lane` starts its next kernel (a whole program's next launch):
  // its pipe check starts afresh.
  void Restart(int lane);

  // Lane `lane` issued machine op `step` with `accesses` at `loc`.
  void Op(int lane, const codegen::MachineStep& step, std::vector<codegen::PlanAccess> accesses,
          const OpCost& cost, const Location& loc);
  // Lane `lane` issued a set_flag, wait_flag or pipe_barrier.
  void Sync(int lane, const codegen::SyncInstr& s);
  // As PipeModel::Signal: the lane's notify wrote, or its wait or test
  // found holding, the signal at `addr` (for the timing).
  void Signal(int lane, uint64_t addr, bool notify);
  // Lane `lane`'s kernel returned.
  void Return(int lane);

 private:
  void Flush(int lane);

  World& w_;
  Backend backend_;
  std::vector<std::string> params_;
  bool check_;
  TimingModel* timing_;
  std::vector<std::unique_ptr<LanePipeCheck>> checks_;  // null: not checked
};

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_DEVICE_DEVICE_PIPES_H_
