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
#include "codegen/pipe_layout.h"
#include "codegen/target_info.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

struct KernelPlan {
  // By pipe id: the order of the kernel's *_initialize_pipe ops (PlanPipes).
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
// (empty plans for functions that are not emitted). PlanPipes's errors, and
// a kernel name C++ cannot take, are errors at the op or the function.
absl::StatusOr<std::vector<KernelPlan>> PlanKernels(const Program& program,
                                                    const std::vector<KernelAbi>& abis,
                                                    Backend backend);

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_KERNEL_PLAN_H_
