// The simulated machine as the emitted C++ sees it: the memory model of
// ptoc-sim (runtime/machine.h, checker.h, happens_before.h, fifo.h,
// barrier.h) driven by the pto::sim hooks instead of the interpreter.
//
// Every lane is a host thread running its kernel function; exactly one
// holds the token at a time. Each device-API call is a scheduling point:
// the lane hands the token to a lane chosen by a seeded generator among
// those that can run (a lane in a wait on an unsatisfied signal, a pop on an
// empty FIFO, a push on a full one or a barrier cannot), so a run is
// reproducible. When no unfinished lane can run, that is a deadlock; past
// max_steps calls, a possible livelock; either way every lane's kernel is
// unwound (an exception thrown from the hook it is in).
//
// The emitted code reads and writes GM scalars through plain pointers,
// which cannot be intercepted. GM is therefore mirrored in host memory:
// the lane holding the token sees GM as its data cache shows it (so its own
// writes, and stale lines it has not invalidated), and whatever bytes it
// changed there by the next device-API call are its scalar writes: dirty in
// its data cache until a dcci covering them, then pending until its dsb.
// Its loads are seen only when the kernel object reports them
// (pto/common/scalar_reads.hpp): then they are its scalar reads.
#ifndef PTOC_RUNTIME_DEVICE_DEVICE_MACHINE_H_
#define PTOC_RUNTIME_DEVICE_DEVICE_MACHINE_H_

#include <array>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "runtime/checker.h"
#include "runtime/device/source_map.h"
#include "runtime/scheduler.h"
#include "runtime/world.h"

namespace ptoc {
namespace sim {

class DevicePipes;

class DeviceMachine {
 public:
  // `world` holds the machine with every allocation placed and initialized
  // and one LaneState per lane; `host_gm` is its host mirror (world size).
  DeviceMachine(World& world, SourceMap& sources, uint8_t* host_gm, uint64_t seed,
                int64_t max_steps);

  // ---- called by the launcher ----
  // Lane `lane` calls `body` (its kernel) the next time it is given the
  // token: set before Run for every lane that starts running (the world's
  // LaneState not finished), and by `queue` when it starts a lane again.
  void SetBody(int lane, std::function<void()> body);
  // Runs the lanes on one thread per lane until every lane finished or the
  // run stopped; reports a deadlock or livelock, and FIFO tiles never
  // popped. `queue`, when given, is told each time a lane's kernel returned
  // (on that lane's thread, holding the token), and may start lanes again
  // (a whole program's next kernel launch on a rank).
  void Run(LaunchQueue* queue = nullptr);
  int64_t steps() const { return steps_; }

  // ---- called by the hooks, on the lane thread holding the token ----
  // The machine of the current run (set while Run runs), and the lane.
  static DeviceMachine& Current();
  // The same, or nullptr outside a run (a kernel object's start-up code).
  static DeviceMachine* Running();
  int lane() const;
  World& world() { return w_; }
  AccessChecker& checker() { return checker_; }
  // The pipes of the lanes (pipe check and timing), or nullptr: none.
  DevicePipes* pipes() { return pipes_; }
  void set_pipes(DevicePipes* pipes) { pipes_ = pipes; }
  const Location* loc() const { return loc_; }

  // A scheduling point at `site` (the emitted code's scalar writes since
  // the previous one are taken first). `ready`, when given, is the
  // condition the lane waits for; `why` says what it waits for (deadlock
  // reports). Returns holding the token with the condition true; throws
  // (unwinding the kernel) when the run stops.
  void Enter(const char* file, int line, std::function<bool()> ready = nullptr,
             std::string why = "");
  // Ends the lane's device-API call: its view of GM goes to the host mirror.
  void Leave();
  // The kernel of the calling lane loads `bytes` at host address `p`
  // (pto/common/scalar_reads.hpp): a load from GM is a scalar read, checked
  // at the lane's next device-API call as a tensor.read there (the bytes
  // it changed since its last call are its own newest writes, not checked).
  // Anything else is ignored.
  void ScalarRead(const void* p, uint64_t bytes);

  // GM byte address of a host pointer into the mirror, or nullopt.
  std::optional<uint64_t> GmAddress(const void* p) const;
  // The allocation holding [addr, addr + bytes) (the latest placed, so a
  // whole program's view rather than what it is cut from), or -1.
  int AllocationOf(uint64_t addr, uint64_t bytes) const;
  // Reports a protocol error of the current lane at the current call.
  void Protocol(std::string message, std::vector<SourceRef> more = {});

  // The lane's on-chip memory `memory` (a pto TileType), `bytes` from
  // `address`; nullptr (reported) when out of range.
  uint8_t* Local(int memory, uint64_t address, uint64_t bytes, const char* what);

  // a2a3: each rank's gm_pipe_buffer, its first byte and size (the
  // launcher's); a TPipe's GM rings are placed from the pointer it is handed.
  struct PipeBuffer {
    uintptr_t first = 0;
    int64_t bytes = 0;
  };
  void set_pipe_buffers(std::vector<PipeBuffer> buffers) { pipe_buffers_ = std::move(buffers); }
  const PipeBuffer& pipe_buffer(int rank) const { return pipe_buffers_[rank]; }

  // Where the lane's popped slots of `dir` go (its pipe setup's consumer buffer).
  uint32_t& consumer_buffer(PipeDir dir) {
    return lanes_[lane()].consumer_buf[static_cast<int>(dir)];
  }

 private:
  struct Lane {
    std::function<void()> body;   // the kernel call it runs next
    std::function<bool()> ready;  // null: can run
    std::string why;
    const Location* position = nullptr;
    // On-chip memory keeps its bytes from one kernel to the next, as on the
    // device (a kernel must not rely on them).
    std::array<std::vector<uint8_t>, 6> local;  // by pto TileType
    std::array<uint32_t, 2> consumer_buf{};     // by PipeDir: where its popped slots are
  };

  void LaneMain(int lane);
  // The lane's kernel returned: its last scalar writes, its pipes' end,
  // slots it never freed; then it is finished.
  void EndKernel(int lane);
  // Picks the next lane to run, or -1 when none can.
  int Choose(int current);
  // Holding the token: passes it to `next` and waits for it to come back;
  // unwinds the lane's kernel when the run stops meanwhile.
  void SwitchTo(int next);
  // Stops the run: every lane's kernel unwinds, this one's first.
  [[noreturn]] void Stop();
  void ReportStuck(FindingKind kind, std::string message);
  void TakeScalarReads(int lane);
  void TakeScalarWrites(int lane);
  void PublishView(int lane);

  World& w_;
  AccessChecker checker_;
  SourceMap& sources_;
  uint8_t* host_gm_;
  std::vector<uint8_t> published_;  // what the host mirror held after PublishView
  // The GM bytes the current lane read since its last device-API call, and
  // their lines in the order first read.
  std::vector<uint8_t> read_marks_;
  std::vector<uint64_t> read_lines_;
  std::vector<uint32_t> wid_scratch_;
  Rng rng_;
  int64_t max_steps_;
  int64_t steps_ = 0;
  int burst_left_ = 0;
  const Location* loc_ = nullptr;  // the current call's place
  DevicePipes* pipes_ = nullptr;
  std::vector<PipeBuffer> pipe_buffers_;  // by rank
  std::vector<Lane> lanes_;

  std::mutex mu_;
  std::condition_variable cv_;
  int current_ = -1;  // the lane holding the token
  bool stopped_ = false;  // a deadlock or livelock: every kernel unwinds
  bool done_ = false;     // every lane finished: idle lane threads return
  LaunchQueue* queue_ = nullptr;
};

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_DEVICE_DEVICE_MACHINE_H_
