// What both code generators decide about each kernel before they spell it:
// the template parameters of its cross-core pipes, how the hardware launches
// it, and what it must do at its start and end to be safe under that launch.
// The PTO-AS emitter writes the parts ptoas does not decide itself; the C++
// emitter writes all of them (the form ptoas's own C++ takes).
#ifndef PTOC_CODEGEN_KERNEL_PLAN_H_
#define PTOC_CODEGEN_KERNEL_PLAN_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "codegen/kernel_abi.h"
#include "codegen/target_info.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

// pto-isa's TPipe<FlagID, Dir, SlotSize, SlotNum, LocalSlotNum, IsNoSplit>,
// beyond what the *_initialize_pipe op itself says (dual-aiv.md, "Pipe
// parameters").
struct PipeParams {
  // The first FFTS flag of the pipe: pipe 0 at 0, each further pipe at the
  // next even base after the previous one's flags (2 per direction).
  int flag_id = 0;
  // Slots the consumer keeps popped tiles in: slot_num on a2a3, 2 on a5.
  int64_t local_slot_num = 2;
  // Every transfer of the pipe, in both lanes, has split = 0 (false for a
  // pipe without transfers, as ptoas infers it).
  bool no_split = false;
  // a2a3: where the pipe's part of gm_pipe_buffer starts (bytes): the pipes
  // of a core group in FlagID order, 2 * slot_num * slot_size each. The
  // same for both ends, whatever order each lane sets them up in.
  int64_t gm_offset = 0;
};

struct KernelPlan {
  // By pipe id: the order of the kernel's *_initialize_pipe ops.
  std::vector<PipeParams> pipes;
  // The Group that launches the kernel ("" for a lane no Group calls), and
  // the launch it declares: 1 AIC : aiv_lanes AIV.
  std::string group;
  int aiv_lanes = 1;
  // A vector kernel: starts with the vector-mask reset.
  bool resets_vector_mask = false;
  // a5 vector kernel with a no-split pipe: only subblock 0 runs the body, so
  // a 1C:2V launch does not put a second consumer on the pipe.
  bool subblock0_only = false;
  // The kernel writes scalars to GM through the data cache: it ends by
  // cleaning the cache so the writes reach GM before the kernel retires.
  bool cleans_data_cache = false;
  // The kernel names no peer region invalidate (comm-hazards.md H6: input
  // from before them): each remote store and put is followed by the dcci of
  // the peer region it wrote (InvalidatesPeerRegion).
  bool implicit_peer_invalidates = false;
};

// The plan of every function of `program`, indexed like program.functions
// (empty plans for functions that are not emitted). A pipe that mixes split
// and no-split transfers, a pipe set up in one lane only, or more pipe flags
// than the hardware has are errors at the op.
absl::StatusOr<std::vector<KernelPlan>> PlanKernels(const Program& program,
                                                    const std::vector<KernelAbi>& abis,
                                                    Backend backend);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_KERNEL_PLAN_H_
