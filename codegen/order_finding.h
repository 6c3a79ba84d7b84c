// What the ordering model of a lane's pipes (lane_order.h) finds: one type
// and one wording for the planner's check of its plan (--emit=syncplan's
// "finding:" lines, the repairs) and the pipe check of ptoc-sim and
// ptoc-run-cpp (their reports). pipe-sync.md §4.2 defines the kinds.
#ifndef PTOC_CODEGEN_ORDER_FINDING_H_
#define PTOC_CODEGEN_ORDER_FINDING_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "codegen/lowering.h"
#include "codegen/plan_access.h"
#include "ir/ir.h"

namespace ptoc {
namespace codegen {

struct OrderFinding {
  enum class Kind {
    kPipeRace,       // two conflicting ops nothing orders
    kFlagReuseRace,  // a set that may overtake the previous wait of its key
    kDoubleSet,      // a set of a key that is still set
    kDeadlock,       // a wait on a key nothing will set
    kBusyAtReturn,   // a pipe that may still run when the kernel returns
    kFlagLeftSet,    // a key set and never waited for
    kIllegalSync,    // an instruction the core cannot issue (§3.7)
    kHiddenIdClash,  // TPUT / TGET's own ids held by a pair of the plan (§3.4)
  };
  // A place the finding names: its role ("later", "set", "position", ...),
  // where, and what it is there (empty for the first).
  struct Place {
    std::string role;
    Location loc;
    std::string note;
  };
  // One side of a pipe race.
  struct Side {
    std::string op;  // TLOAD, TADD, ...
    Pipe pipe = Pipe::kS;
    bool write = false;
    Location loc;
  };

  Kind kind = Kind::kPipeRace;
  // The finding without its title: "<lane>: <what happened>" (no lane
  // prefix when the check has none, as the planner's).
  std::string message;
  // The first is where it is reported: the later op, the set, the wait,
  // the return; the others only when their location is known.
  std::vector<Place> places;
  // kPipeRace: its two sides, the region the later op touches, and the
  // sync that would order them.
  Side later, earlier;
  PlanAccess region;
  std::string missing;

  const Location& loc() const { return places.front().loc; }
};

// "pipe race", "flag reuse race", "double set", "deadlock", "pipe busy at
// return", "flag left set at return", "illegal sync", "hidden id clash".
absl::string_view FindingTitle(OrderFinding::Kind kind);
// "<title>: <message>".
std::string FindingText(const OrderFinding& f);
// (Both are defined in lane_order.cc, with the rules that word findings.)

}  // namespace codegen
}  // namespace ptoc

#endif  // PTOC_CODEGEN_ORDER_FINDING_H_
