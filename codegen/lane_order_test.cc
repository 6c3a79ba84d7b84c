// The ordering model (lane_order.h) against the independent brute force
// of testing/pipe_order_oracle.h on random straight-line event sequences
// of one AIV lane, with a history that remembers every access: both must
// report the same races, reuse races, double sets, deadlocks, busy pipes
// and flags left set. (The simulators' history: runtime/pipe_check_test.)
#include "codegen/lane_order.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "codegen/order_finding.h"
#include "gtest/gtest.h"
#include "testing/pipe_order_oracle.h"
#include "testing/rng.h"

namespace ptoc {
namespace codegen {
namespace {

using pipe_order_oracle::Event;
using pipe_order_oracle::Found;

// A history that remembers every access (as the planner's check's does,
// without its forgetting).
struct FullHistory {
  struct Entry {
    Pipe pipe;
    int64_t index;
    PlanAccess access;
    std::string op;
    Location loc;
  };
  std::vector<Entry> list;

  void Clear() { list.clear(); }
  template <class F>
  void Unordered(const PipeClocks& clocks, Pipe q, const std::vector<PlanAccess>& accesses,
                 F&& f) const {
    for (const Entry& a : list) {
      if (clocks.Ordered(q, a.pipe, a.index)) continue;
      for (size_t j = 0; j < accesses.size(); ++j) {
        if (!Conflict(a.access, accesses[j])) continue;
        if (!f(EarlierAccess{a.pipe, a.index, a.op, &a.loc, a.access.write}, j)) return;
        break;
      }
    }
  }
  void Record(Pipe q, int64_t index, const OrderOp& op) {
    for (const PlanAccess& x : *op.accesses) {
      list.push_back(Entry{q, index, x, std::string(op.name), *op.loc});
    }
  }
  std::optional<EarlierAccess> LastOp(Pipe) const { return std::nullopt; }
};

// The model, the event number in each location's line (+ 1).
Found Model(Backend backend, const std::vector<Event>& events) {
  OrderRules::Options options;
  options.backend = backend;
  options.core = FunctionKind::kAIV;
  const OrderRules rules(options);
  OrderState<FullHistory> state(backend);
  std::vector<OrderFinding> findings;
  for (int n = 0; n < static_cast<int>(events.size()); ++n) {
    const Event& e = events[n];
    const Location loc = pipe_order_oracle::LocationOf(n);
    if (e.kind == Event::Kind::kOp) {
      MachineStep step;
      step.op = MachineOp::kTVector;
      step.pipe = e.pipe;
      const std::vector<PlanAccess> accesses{PlanAccess{MemorySpace::kVec, e.buffer, e.write}};
      rules.Op(state, OrderOp{&step, &accesses, &loc, false, "OP"}, &findings);
      continue;
    }
    rules.Sync(state, pipe_order_oracle::SyncInstrOf(e, n), &findings);
  }
  rules.Return(state, pipe_order_oracle::LocationOf(static_cast<int>(events.size())), &findings);
  absl::StatusOr<Found> found = pipe_order_oracle::FoundIn(findings);
  EXPECT_TRUE(found.ok()) << found.status();
  return found.ok() ? *found : Found();
}

TEST(LaneOrderTest, AgreesWithTheBruteForceOnRandomSequences) {
  int with_findings = 0, races = 0;
  for (Backend backend : {Backend::kA2A3, Backend::kA5}) {
    Rng rng(backend == Backend::kA5 ? 7 : 3);
    for (int round = 0; round < 3000; ++round) {
      const std::vector<Event> events = pipe_order_oracle::RandomEvents(rng, backend);
      const Found brute = pipe_order_oracle::BruteForce(backend, events);
      const Found model = Model(backend, events);
      ASSERT_TRUE(model == brute) << "round " << round << "\n"
                                  << pipe_order_oracle::Describe(events)
                                  << "model: " << pipe_order_oracle::Describe(model)
                                  << "\nbrute: " << pipe_order_oracle::Describe(brute);
      with_findings += !(brute == Found());
      races += static_cast<int>(brute.races.size());
    }
  }
  // The sequences reach both outcomes.
  EXPECT_GT(with_findings, 100);
  EXPECT_LT(with_findings, 6000);
  EXPECT_GT(races, 100);
}

}  // namespace
}  // namespace codegen
}  // namespace ptoc
