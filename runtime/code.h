// A kernel function flattened into a list of instructions with jumps, so a
// lane is an explicit state machine (a program counter plus variable and
// loop slots) that the scheduler can stop after any statement and resume.
#ifndef PTOC_RUNTIME_CODE_H_
#define PTOC_RUNTIME_CODE_H_

#include <vector>

#include "absl/status/statusor.h"
#include "ir/ir.h"
#include "ir/registry.h"

namespace ptoc {
namespace sim {

enum class InstrKind {
  kExec,     // an Assign or Eval statement
  kForInit,  // evaluate start/stop/step and init_values; loop var = start
  kForCheck, // loop var in range: fall through; else results = iter args, go to target
  kForNext,  // loop var += step; go to target (the check)
  kCarryInit,  // a While's init_values -> its iter args
  kBranch,   // If / While condition: false goes to target (a While's
             // results = its iter args)
  kJump,     // go to target
  kYield,    // values -> the iter args of `owner` (a For or While) or its results (an If)
  kEnd,      // return / end of the function
};

struct Instr {
  InstrKind kind = InstrKind::kEnd;
  const Stmt* stmt = nullptr;
  int target = -1;
  int loop = -1;                 // kFor*: the loop's slot
  const Stmt* owner = nullptr;   // kYield
  const OpInfo* op = nullptr;    // kExec of an op call: its registry entry
};

struct FunctionCode {
  const Function* function = nullptr;
  std::vector<Instr> instrs;
  int num_loops = 0;
  int num_vars = 0;  // variable slots: every Var id is below this
  // The kernel has no peer region invalidate (comm-hazards.md H6): each
  // remote write invalidates its peer region itself, as codegen emits it.
  bool implicit_peer_invalidates = false;
};

// Flattens `function`. Rejects what the simulator cannot run, with a
// diagnostic at the construct: calls of program functions and unregistered
// ops, and blocking ops (wait, tpush, tpop, syncall) that are not a
// statement of their own.
absl::StatusOr<FunctionCode> CompileFunction(const Function& function);

}  // namespace sim
}  // namespace ptoc

#endif  // PTOC_RUNTIME_CODE_H_
