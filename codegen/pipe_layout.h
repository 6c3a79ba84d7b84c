// The cross-core pipes of a program's kernels, decided once for both
// emitters, the kernel ABI and ptoc-sim's FIFO: how the *_initialize_pipe
// ops of two lanes pair into pipes (as ptoas pairs them), each pipe's FFTS
// flags and split class, and on a2a3 where its rings lie in the GM slot
// workspace `gm_pipe_buffer` (comm-hazards.md H3).
#ifndef PTOC_CODEGEN_PIPE_LAYOUT_H_
#define PTOC_CODEGEN_PIPE_LAYOUT_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "codegen/kernel_abi.h"
#include "codegen/op_lowering.h"
#include "codegen/target_info.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

// One pipe's rings in gm_pipe_buffer, in bytes from its start. Each ring is
// slot_num slots of slot_size bytes; slot k of a ring starts at
// ring + k * slot_size, and a split transfer's AIV lane writes or reads its
// half inside the slot (pto-isa's sub-offset: lane 1 at half the rows, or
// half a row), so a slot holds the whole tile and no half passes its end.
struct GmRings {
  int64_t base = 0;  // what TPipe is handed: gm_pipe_buffer + base
  int64_t c2v = -1;  // the C2V ring's first byte; -1: the pipe has no C2V
  int64_t v2c = -1;  // the V2C ring's first byte; -1: the pipe has no V2C
  int64_t ring = 0;  // bytes of one ring: slot_num * slot_size
  int64_t end = 0;   // one past the last ring's last byte
};

// Where pto-isa's a2a3 TPipe, handed gm_pipe_buffer + `base`, puts the
// rings of a pipe of `dir_mask` (1: C2V, 2: V2C, 3: both): the C2V ring at
// the base; the V2C ring after it on a two-way pipe (the entry offset
// SlotNum * SlotSize that TPipe's constructor gives the cube's consumer and
// the vector's producer since pto-isa d2b30a84 / ab903c91), at the base on
// a one-way pipe. One ring per direction the pipe has.
GmRings PlaceRings(int64_t base, int64_t dir_mask, int64_t slot_num, int64_t slot_size);

// pto-isa's TPipe<FlagID, Dir, SlotSize, SlotNum, LocalSlotNum, IsNoSplit>,
// beyond what the *_initialize_pipe op itself says (dual-aiv.md, "Pipe
// parameters"), and where its rings lie.
struct PipeParams {
  // The first FFTS flag of the pipe: pipe 0 at 0, each further pipe at the
  // next even base after the previous one's flags (2 per direction).
  int flag_id = 0;
  // Slots the consumer keeps popped tiles in: slot_num on a2a3, 2 on a5.
  int64_t local_slot_num = 2;
  // Every transfer of the pipe, in both lanes, has split = 0 (false for a
  // pipe without transfers, as ptoas infers it).
  bool no_split = false;
  // a2a3: the pipe's rings (PlaceRings), the pipes of a core group one after
  // another in FlagID order. The same for both ends, whatever order each
  // lane sets them up in. a5 pipes have no GM rings (base 0, no ring).
  GmRings gm;
  // This end's *_initialize_pipe op.
  const Expr* setup = nullptr;
};

// A push, pop or free of the cross-core FIFO.
bool IsPipeTransfer(OpKind kind);

// The pipes of every emitted function (abis[i].emitted), indexed like
// program.functions, then by setup id (the order of the function's
// *_initialize_pipe ops). A pipe that mixes split and no-split transfers, a
// pipe set up in one lane only, or more pipe flags than the hardware has
// are errors at the op.
absl::StatusOr<std::vector<std::vector<PipeParams>>> PlanPipes(
    const Program& program, const std::vector<KernelAbi>& abis, Backend backend);

// The bytes of gm_pipe_buffer `pipes` (one kernel's) use: the end of the
// last ring.
int64_t GmWorkspaceBytes(const std::vector<PipeParams>& pipes);

// "gm_pipe_buffer: 4096 bytes; pipe 0: C2V ring [0, 2048), V2C ring
// [2048, 4096)": the comment both emitters put before a kernel that takes
// gm_pipe_buffer.
std::string DescribeGmWorkspace(const std::vector<PipeParams>& pipes, int64_t bytes);

// Each *_initialize_pipe op of the kernels of `program` (after
// materialize-aiv-lanes, for the backend it records) and its pipe:
// ptoc-sim places its FIFO rings by this. Errors are codegen's.
absl::StatusOr<std::map<const Expr*, PipeParams>> PipesBySetup(const Program& program);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_PIPE_LAYOUT_H_
