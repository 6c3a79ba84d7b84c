// The plan of a whole-program run (runtime.md, "Whole programs"): the host
// function of a PyPTO program (`level=pl.Level.HOST`) or one orchestration
// function, evaluated before the machine starts down to the GM objects the
// run places (host tensors, window buffers, tensors an orchestration
// creates) and, per rank, the kernel launches in the order the host and
// orchestration functions make them.
//
// Orchestration functions do not read tensor data, so their evaluation does
// not depend on what the kernels compute: the launches are known up front,
// and the simulator runs each rank's launches one after another.
#ifndef PTOC_RUNTIME_HOST_PLAN_H_
#define PTOC_RUNTIME_HOST_PLAN_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/ir.h"
#include "runtime/entry_params.h"
#include "runtime/values.h"

namespace ptoc {
namespace sim {

// Something the run places in GM.
struct GmObject {
  enum class Kind {
    kHostTensor,    // a tensor parameter of the host function: one, in host memory
    kWindowBuffer,  // pld.alloc_window_buffer: one per rank, zeroed
    kDeviceTensor,  // on one rank: a tensor parameter of an orchestration
                    // entry, or tensor.create in an orchestration function
  };
  Kind kind = Kind::kHostTensor;
  std::string name;
  int rank = -1;   // kDeviceTensor: its rank; else -1
  int param = -1;  // the entry parameter it holds (contents, dumps); -1: none
  std::vector<int64_t> shape;  // tensors; a buffer: its bytes as [n] UINT8
  DType dtype = DType::kUINT8;
  bool window = false;  // an orchestration entry's DistributedTensor parameter
  bool output = false;  // the entry's Out / InOut parameter: dumped after the run
  uint64_t Bytes() const;
};

// A tensor a kernel is given: a contiguous row-major region of a GM object
// (a host tensor's row `inputs[r]`, a window over a buffer, ...).
struct TensorView {
  int object = -1;
  uint64_t offset = 0;  // bytes from the object's start
  std::vector<int64_t> shape;
  DType dtype = DType::kFP32;
  bool window = false;  // a DistributedTensor: on every rank at the same place
  std::string name;     // the name it was first bound to (reports)

  bool SameRegion(const TensorView& o) const {
    return object == o.object && offset == o.offset && shape == o.shape && dtype == o.dtype &&
           window == o.window;
  }
};

struct LaunchArg {
  Value scalar;    // a scalar parameter; kNone for a tensor
  int view = -1;   // a tensor parameter: index into RunPlan::views
};

// One kernel launch on one rank: a Group, AIC, AIV or InCore function.
struct KernelLaunch {
  const Function* kernel = nullptr;
  std::vector<LaunchArg> args;  // per parameter of `kernel`
  Location call;                // where the orchestration launches it
  int blocks = 1;               // `with pl.spmd(n):` launches n blocks at once
};

struct RunPlan {
  std::vector<GmObject> objects;
  std::vector<TensorView> views;
  std::vector<std::vector<KernelLaunch>> launches;  // per rank, in order
};

// True for the functions a whole-program run starts from: a host function
// (`@pl.function(level=pl.Level.HOST, ...)`) or an Orchestration function.
bool IsWholeProgramEntry(const Function& f);

// Evaluates `entry` (IsWholeProgramEntry) for `ranks` ranks: the host
// function once, with its tensor parameters as host tensors of the shapes in
// `params`; an orchestration function once per rank, with its tensor
// parameters placed on that rank. Errors (located): an op or statement the
// evaluator does not run, a strided slice passed to a kernel, a kernel
// launched outside a device, a value of the wrong kind.
absl::StatusOr<RunPlan> PlanRun(const Program& program, const Function& entry, int ranks,
                                const EntryParams& params);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_HOST_PLAN_H_
