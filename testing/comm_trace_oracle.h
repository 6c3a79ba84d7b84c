// A reference implementation of check-comm-contract's rules, for tests.
//
// Where the checker solves a dataflow problem over the statement graph, the
// oracle walks every path of the kernel: each loop, each time it is entered,
// runs its body zero, one or two times (at least once when its bounds are
// constants with start < stop); each if takes each branch. Along a path it
// keeps every dynamic instance of a write, wait and test, with the binding
// of every variable it depends on, and applies the contract to instances:
// it shares with the checker only what a single call means
// (passes/comm_effects.h), not how paths are followed.
//
// Two iterations per loop entry are enough: an effect's state only moves
// towards "settled", except once, at the first back edge, when the
// expressions of its region or its test result go stale; so every
// violation also shows on a path where each loop turns at most twice.
//
// Exponential in the size of the program: only for small programs.
#ifndef PTOC_TESTING_COMM_TRACE_ORACLE_H_
#define PTOC_TESTING_COMM_TRACE_ORACLE_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "ir/ir.h"
#include "passes/check_comm_contract.h"

namespace ptoc {

// The violations of `function` (in no particular order), or nullopt when
// walking its paths would take more than `max_steps` statement executions.
std::optional<std::vector<CommViolation>> TraceCommViolations(const Function& function,
                                                              int64_t max_steps);

}  // namespace ptoc

#endif  // PTOC_TESTING_COMM_TRACE_ORACLE_H_
