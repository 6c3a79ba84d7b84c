// The lowering plan of one op call, decided once for both targets: the
// semantic checks every target makes, which arguments play which part, and
// the machine ops the call becomes, each with its pipe and what it reads
// and writes (pipe-sync.md §1, the one table of pipes; it sits next to
// op_lowering's table of op names, the only place codegen knows them).
// The PTO-AS and C++ emitters spell the plan; neither decides a check, an
// operand role or a pipe on its own.
#ifndef PTOC_CODEGEN_LOWERING_H_
#define PTOC_CODEGEN_LOWERING_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "codegen/op_lowering.h"
#include "codegen/target_info.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

// The pipes of an AI core, in the order of pto-isa's pipe_t.
enum class Pipe { kS, kV, kM, kMte1, kMte2, kMte3, kFix };
constexpr int kNumPipes = 7;

// "PIPE_S", "PIPE_V", ... (the spelling of both targets).
absl::string_view PipeName(Pipe p);
// Whether core `kind` (AIC or AIV) has pipe `p` (§1: AIV {S, V, MTE2,
// MTE3}, AIC {S, MTE1, MTE2, M, FIX}).
bool CoreHasPipe(FunctionKind kind, Pipe p);
// Whether `p` completes its ops in issue order on `backend` (§2.3): S on
// a2a3; S and V on a5. A same-pipe conflict on any other pipe needs
// pipe_barrier(p).
bool PipeInOrder(Backend backend, Pipe p);

// One device instruction a statement lowers to.
enum class MachineOp {
  kTLoad,
  kTStore,
  kTMov,
  kTMatmul,
  kTVector,  // TADD ... TMULS
  kTPush,
  kTPop,
  kTFree,
  kScalarRead,
  kScalarWrite,
  kDcci,     // the lines of a region invalidate, or the whole cache
  kFence,    // AIV: pipe_barrier(PIPE_ALL) + dsb; AIC: MTE2/MTE3/FIX barriers + dsb
  kTPut,
  kTGet,
  kTNotify,
  kTWait,    // TWAIT and TTEST
  kSyncAll,
};
absl::string_view MachineOpName(MachineOp op);

// What an access of a machine op touches.
struct Operand {
  enum class Kind { kTileArg, kResult, kGm };
  Kind kind = Kind::kGm;
  int index = 0;  // kTileArg: the call argument
};

struct MachineStep {
  MachineOp op = MachineOp::kTVector;
  // The pipe of pipe-sync.md §1 on the kernel's backend.
  Pipe pipe = Pipe::kS;
  // The pipe today's barrier-all rule (pipe_order.h) charges the op to:
  // §1's pipe, except that it models every pop as an MTE2 write and every
  // free as a scalar write on both backends (so barrier-all output stays
  // byte for byte what it was).
  Pipe barrier_all_pipe = Pipe::kS;
  std::vector<Operand> reads, writes;
  // Barriers that are part of the op (put / get brackets, notify's; the
  // emitters print those before the op and a put's or get's after it,
  // notify's own trailing one is inside TNOTIFY).
  bool barrier_all_before = false;
  bool barrier_all_after = false;
  // kFence: an AIV fence drains every pipe (drains_all); an AIC fence
  // drains these pipes one by one.
  bool drains_all = false;
  std::vector<Pipe> drains;
};

// What both targets need to know about one call.
struct CallLowering {
  const OpLowering* op = nullptr;
  // Compute ops: how many leading arguments are tile operands.
  int tile_operands = 0;
  // The machine ops, in order (empty for ops without any: tile.create,
  // scalars, buffer and pipe setup).
  std::vector<MachineStep> steps;
  // put / get: the argument of the remote and of the local tensor, and of
  // the staging tile (-1: the code generator allocates one).
  int remote_arg = -1;
  int local_arg = -1;
  int stage_arg = -1;
  // notify / wait / test: the argument with the element's offsets (the
  // value compared or written follows it).
  int offsets_arg = -1;
  // push / pop / free: the split attribute.
  int64_t split = 0;
  bool atomic_add = false;
};

// The plan of `call` in kernel `fn` at loop / branch nesting `depth`, or
// the diagnostic at `loc` that says why it cannot be lowered.
absl::StatusOr<CallLowering> PlanCall(const Function& fn, const Expr& call, Backend backend,
                                      int depth, const Location& loc);

// The step of the dcci lines codegen adds after a remote store or a put
// (and of an explicit region invalidate): scalar, writes GM.
MachineStep DcciStep();

// A notify / wait / test signal tensor (parameter `param`) must hold INT32.
absl::Status CheckSignal(const std::string& param, DType dtype, const Location& loc);

// The sizes of a region invalidate (`system.cacheinvalid(t, sizes,
// offsets)`): each a constant or a scalar parameter.
absl::StatusOr<std::vector<Dim>> InvalidateSizes(const Expr& sizes);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_LOWERING_H_
