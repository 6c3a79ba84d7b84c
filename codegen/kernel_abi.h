// The kernel ABI: which functions become kernels, and the trailing
// parameters the runtime supplies after a kernel's own ones.
//
// In order, when used: the kernel's dynamic dims (each pl.dynamic name
// that sizes a dim of a tensor parameter and is no scalar parameter of
// its own, an index, as PyPTO's code generation appends them),
// `sdma_workspace` (the runtime's SDMA workspace, which
// prefetch.make_context wraps; PyPTO's hidden `!pto.ptr<i8>`), `comm_ctx`
// (rank, number of ranks, each rank's window
// base), `gm_pipe_buffer` (a2a3: the GM backing store of the cross-core
// FIFO, gm_pipe_buffer_bytes of it), `sync_workspace` (16 zeroed i32 per
// soft syncall). The two lanes of a Group are launched with the same
// argument list, so they get the same trailing parameters: the union of
// what either lane uses.
#ifndef PTOC_CODEGEN_KERNEL_ABI_H_
#define PTOC_CODEGEN_KERNEL_ABI_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "codegen/target_info.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

// Elements of sync_workspace each soft syncall owns.
constexpr int kSyncWorkspaceInts = 16;

enum class SyncCore { kMix = 0, kAicOnly = 1, kAivOnly = 2 };

struct KernelAbi {
  bool emitted = false;  // an AIC or AIV function
  std::string group;     // the first Group that launches it ("" for none)
  // pl.dynamic names, in order of first use in the parameters' types.
  std::vector<std::string> dynamic_dims;
  bool sdma_workspace = false;
  bool comm_ctx = false;
  bool gm_pipe_buffer = false;
  // The bytes of gm_pipe_buffer the group's pipes use: the end of their last
  // GM ring (pipe_layout.h). A launcher must hand each core group at least
  // this much.
  int64_t gm_pipe_buffer_bytes = 0;
  bool sync_workspace = false;
  // The k-th soft syncall of core type c (in program order within the
  // lane) owns workspace slot syncall_slot_base[c] + k; a slot is
  // kSyncWorkspaceInts elements. Mix syncalls of the two lanes of a Group
  // pair up by their order, so they share slots.
  std::array<int, 3> syncall_slot_base = {0, 0, 0};
  int syncall_slots = 0;  // slots of the whole group
};

// The ABI of every function of `program`, indexed like program.functions.
// An InCore function is an error (run expand-mixed-kernel first), as are the
// lanes of one Group taking different parameter types, and on a2a3 the
// errors of PlanPipes (gm_pipe_buffer_bytes comes from its GM rings).
absl::StatusOr<std::vector<KernelAbi>> ComputeKernelAbis(const Program& program,
                                                         Backend backend);

// How many functions of `abis` are emitted (kernels).
int EmittedKernels(const std::vector<KernelAbi>& abis);

// The core type a syncall call names ("mix" by default).
SyncCore SyncCoreOf(const Expr& syncall);
// True for a soft-mode syncall (the default).
bool IsSoftSyncAll(const Expr& syncall);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_KERNEL_ABI_H_
