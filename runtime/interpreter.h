// Executes the statements of the lanes one at a time on the simulated
// machine. The scheduler asks which lanes are ready (not blocked in a wait,
// a pop on an empty FIFO, a push on a full one or a barrier) and steps one.
//
// The op semantics are split by concern: interpreter.cc holds control flow,
// expressions and the op dispatch; memory_ops.cc the GM accesses (loads,
// stores, scalar accesses, remote ops, markers); sync_ops.cc signals, the
// FIFO and barriers.
#ifndef PTOC_RUNTIME_INTERPRETER_H_
#define PTOC_RUNTIME_INTERPRETER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "codegen/lowering.h"
#include "ir/ir.h"
#include "ir/registry.h"
#include "runtime/checker.h"
#include "runtime/world.h"

namespace ptoc {
namespace sim {

class PipeModel;

class Interpreter {
 public:
  explicit Interpreter(World& world) : w_(world), checker_(world) {}
  // The pipe check (pipe_check.h) of the lanes, told of every completed
  // instruction; nullptr: none.
  void set_pipe_model(PipeModel* model) { pipes_ = model; }

  // True when the lane can execute its next instruction now.
  bool Ready(int lane);
  // Executes the lane's next instruction; call only when Ready(lane).
  void Step(int lane);
  // Where the lane is, and what it waits for when it is blocked.
  SourceRef Position(int lane);
  // True when the lane is blocked in a pld.system.wait.
  bool BlockedInWait(int lane);

 private:
  using OpResult = absl::StatusOr<Value>;

  // A contiguous run of a GM region: `elements` elements from `addr`.
  struct Run {
    uint64_t addr;
    int64_t elements;
  };
  // The runs of the region at `offsets` of extent `shape` in allocation
  // `alloc`, row-major. std::nullopt when it is out of bounds (reported as
  // a protocol error naming `what`).
  std::optional<std::vector<Run>> Region(LaneState& l, int alloc,
                                         const std::vector<int64_t>& offsets,
                                         const std::vector<int64_t>& shape,
                                         const Location& loc, const std::string& what);

  // ---- control flow and expressions (interpreter.cc) ----
  absl::Status Exec(LaneState& l, const Instr& in);
  void Finish(LaneState& l);
  absl::StatusOr<Value> Eval(LaneState& l, const Expr& e);
  absl::StatusOr<std::vector<int64_t>> EvalInts(LaneState& l, const Expr& list);
  absl::StatusOr<int> EvalTensor(LaneState& l, const Expr& e);  // the allocation
  // `info` is the call's registry entry when the caller has it.
  OpResult CallOp(LaneState& l, const Expr& call, const Stmt* stmt,
                  const OpInfo* info = nullptr);
  // A kernel's pl.Array: array.create / get_element, and `arr[i] = v`.
  OpResult ArrayOp(LaneState& l, const Expr& call, codegen::OpKind kind);
  absl::Status SetItem(LaneState& l, const Stmt& st, const Value& v);
  // Reports a protocol error of the lane at `loc`.
  void Protocol(LaneState& l, const Location& loc, std::string message,
                std::vector<SourceRef> more = {});
  // The allocation of window `alloc`'s parameter on `peer`, or -1 (reported).
  int PeerAllocation(LaneState& l, int alloc, int64_t peer, const Location& loc);

  // ---- GM accesses (memory_ops.cc) ----
  OpResult TileLoad(LaneState& l, const Expr& call);
  // tile.mgather: rows or elements of the whole table at the index tile's.
  OpResult Mgather(LaneState& l, const Expr& call, const codegen::CallLowering& plan);
  OpResult TileStore(LaneState& l, const Expr& call);
  OpResult TensorRead(LaneState& l, const Expr& call);
  OpResult TensorWrite(LaneState& l, const Expr& call);
  OpResult RemoteLoad(LaneState& l, const Expr& call);
  OpResult RemoteStore(LaneState& l, const Expr& call);
  OpResult Put(LaneState& l, const Expr& call);
  OpResult Get(LaneState& l, const Expr& call);
  OpResult CacheInvalidate(LaneState& l, const Expr& call);
  // Reads a region into a tile of `type` and box `shape` through the lane's
  // DMA; the region fills the tile's leading part of extent `moved` (its
  // valid part, ir/types.h MovedExtent; empty: the whole box).
  std::shared_ptr<TileData> LoadRegion(const std::vector<Run>& runs, DType dtype,
                                       const Type& type, std::vector<int64_t> shape,
                                       const std::vector<int64_t>& moved = {});
  // Issues a DMA write of `tile`'s leading part of extent `moved` (empty:
  // all of it) into the region; pending until a fence.
  void StoreRegion(LaneState& l, const std::vector<Run>& runs, int alloc,
                   const TileData& tile, bool atomic_add,
                   const std::vector<int64_t>& moved = {});
  // Copies a whole tensor to another (put / get): complete at once.
  absl::StatusOr<bool> CopyRegion(LaneState& l, const Expr& call, int src, int dst,
                                  bool atomic_add, std::vector<Run>* dst_runs);
  void CopyTensor(LaneState& l, int src, int dst, bool atomic_add);

  // ---- signals, FIFO, barriers (sync_ops.cc) ----
  // The signal element a wait / test / notify names, and whether the
  // wait / test condition holds now.
  absl::StatusOr<uint64_t> SignalAddress(LaneState& l, int alloc, const Expr& offsets,
                                         const Location& loc);
  absl::StatusOr<bool> SignalHolds(LaneState& l, const Expr& call, uint64_t* addr);
  OpResult Notify(LaneState& l, const Expr& call);
  OpResult WaitOrTest(LaneState& l, const Expr& call, bool is_test);
  OpResult SyncAll(LaneState& l, const Expr& call);
  OpResult InitPipe(LaneState& l, const Expr& call);
  OpResult Push(LaneState& l, const Expr& call);
  OpResult Pop(LaneState& l, const Expr& call, const Stmt* stmt);
  OpResult Free(LaneState& l, const Expr& call);
  // The barrier a syncall names for the lane's rank (created on first use).
  Barrier& BarrierFor(const LaneState& l, const Expr& call, int* index);
  // True when the lane cannot run its op `call` now; `why` (if not null)
  // gets what it waits for.
  bool Blocked(LaneState& l, const Expr& call, const OpInfo& info, std::string* why);
  // Reports popped tiles the lane still holds at its end.
  void CheckHeldAtEnd(LaneState& l);
  // A protocol error when the slot the lane's push at `push` just wrote
  // shares GM bytes with a live slot of the other direction's ring.
  void CheckGmOverlap(LaneState& l, const Location& push, PipeDir dir);
  // The lane's party in the FIFO (its subblock; 0 for the cube).
  int Party(const LaneState& l) const;
  // The vector-side parties of a transfer with code `split`: both AIV
  // lanes for a split code, and for no-split a2a3 under 1C:2V; else AIV0.
  int VectorParties(int split) const;
  // True (reported) when AIV1 uses a no-split pipe on a5.
  bool OffA5NoSplitPipe(LaneState& l, const Expr& call, int split);
  // Reports a transfer whose split class differs from the pipe's first.
  void CheckSplitClass(LaneState& l, const Expr& call, int split);

  World& w_;
  AccessChecker checker_;
  // Set by an op that must run again before the lane moves on (a syncall
  // arriving at its barrier leaves it in a later step).
  bool repeat_ = false;
  // Set while only looking at a lane (Ready, Position): nothing is reported.
  bool quiet_ = false;
  PipeModel* pipes_ = nullptr;
};

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_INTERPRETER_H_
