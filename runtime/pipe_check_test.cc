// The pipe check of one lane (pipe-sync.md §4.2) on hand-written event
// sequences: one test per finding kind, and the orderings that make each
// clean; and on random sequences against the brute force of
// testing/pipe_order_oracle.h. (Runs of whole kernels: tests/pipe_race.py
// and pipe_sync_sim_removal_test.sh.)
#include "runtime/pipe_check.h"

#include <deque>
#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "testing/pipe_order_oracle.h"
#include "testing/rng.h"

namespace ptoc {
namespace sim {
namespace {

using codegen::MachineOp;
using codegen::PlanAccess;
using codegen::SyncInstr;

constexpr int kMaxLine = 1 << 30;

Location At(int line) {
  Location l;
  l.file = "k.py";
  l.line = line;
  l.col = 9;
  return l;
}

class Lane {
 public:
  explicit Lane(Backend backend = Backend::kA2A3, FunctionKind core = FunctionKind::kAIV)
      : check_(backend, core, "aiv lane (k) of rank 0", {"a", "out"}) {}

  // A machine op on `pipe` touching Vec buffer `buffer`.
  void Op(MachineOp op, Pipe pipe, int64_t buffer, bool write, int line) {
    items_.emplace_back();
    RecordedItem& item = items_.back();
    item.kind = RecordedItem::Kind::kOp;
    item.step.op = op;
    item.step.pipe = pipe;
    item.accesses.push_back(PlanAccess{MemorySpace::kVec, buffer, write});
    item.loc = At(line);
    PipeEvent e;
    e.kind = PipeEvent::Kind::kOp;
    e.op = &item;
    check_.Run(e);
  }
  void Sync(SyncInstr::Kind kind, Pipe src, Pipe dst, int id, int line) {
    PipeEvent e;
    e.kind = PipeEvent::Kind::kSync;
    e.sync.kind = kind;
    e.sync.src = src;
    e.sync.dst = dst;
    e.sync.id = id;
    e.sync.loc = At(line);
    check_.Run(e);
  }
  void Set(Pipe p, Pipe q, int id, int line) { Sync(SyncInstr::Kind::kSet, p, q, id, line); }
  void Wait(Pipe p, Pipe q, int id, int line) { Sync(SyncInstr::Kind::kWait, p, q, id, line); }
  void Barrier(Pipe p, int line) { Sync(SyncInstr::Kind::kBarrier, p, p, 0, line); }
  void BarrierAll(int line) { Sync(SyncInstr::Kind::kBarrierAll, Pipe::kS, Pipe::kS, 0, line); }
  // The findings as the report holds them.
  std::vector<Finding> Return() {
    check_.Return(At(1));
    std::vector<Finding> out;
    for (codegen::OrderFinding& f : check_.TakeFindings()) {
      out.push_back(check_.ToReport(std::move(f)));
    }
    return out;
  }

 private:
  LanePipeCheck check_;
  std::deque<RecordedItem> items_;  // stable addresses
};

std::string Messages(const std::vector<Finding>& findings) {
  std::string out;
  for (const Finding& f : findings) out += f.message + "\n";
  return out;
}

TEST(PipeCheckTest, CrossPipeRaceNamesBothLinesAndTheMissingPair) {
  Lane lane;
  lane.Op(MachineOp::kTLoad, Pipe::kMte2, 0, true, 2);
  lane.Op(MachineOp::kTVector, Pipe::kV, 0, false, 3);
  lane.BarrierAll(4);
  std::vector<Finding> f = lane.Return();
  ASSERT_EQ(f.size(), 1u) << Messages(f);
  EXPECT_EQ(f[0].kind, FindingKind::kPipeRace);
  EXPECT_EQ(f[0].message,
            "aiv lane (k) of rank 0: TVEC on PIPE_V (k.py:3:9) reads Vec buffer 0 while TLOAD "
            "on PIPE_MTE2 (k.py:2:9) may still write it; no flag or barrier orders them; missing: "
            "set_flag(PIPE_MTE2, PIPE_V) after k.py:2 and wait_flag(PIPE_MTE2, PIPE_V) before "
            "k.py:3");
  ASSERT_EQ(f[0].locations.size(), 2u);
  EXPECT_EQ(f[0].locations[0].loc.line, 3);
  EXPECT_EQ(f[0].locations[1].loc.line, 2);
  EXPECT_NE(f[0].json_extra.find("\"region\": {\"space\": \"Vec\", \"buffer\": 0}"),
            std::string::npos);
}

TEST(PipeCheckTest, APairOrdersTheOps) {
  Lane lane;
  lane.Op(MachineOp::kTLoad, Pipe::kMte2, 0, true, 2);
  lane.Set(Pipe::kMte2, Pipe::kV, 0, 2);
  lane.Wait(Pipe::kMte2, Pipe::kV, 0, 3);
  lane.Op(MachineOp::kTVector, Pipe::kV, 0, false, 3);
  lane.BarrierAll(4);
  EXPECT_EQ(Messages(lane.Return()), "");
}

TEST(PipeCheckTest, SamePipeRaceOnAPipelinedPipeOnly) {
  Lane a2a3;
  a2a3.Op(MachineOp::kTVector, Pipe::kV, 0, true, 2);
  a2a3.Op(MachineOp::kTVector, Pipe::kV, 0, false, 3);
  a2a3.BarrierAll(4);
  std::vector<Finding> f = a2a3.Return();
  ASSERT_EQ(f.size(), 1u);
  EXPECT_NE(f[0].message.find("missing: pipe_barrier(PIPE_V)"), std::string::npos);

  Lane barrier;
  barrier.Op(MachineOp::kTVector, Pipe::kV, 0, true, 2);
  barrier.Barrier(Pipe::kV, 3);
  barrier.Op(MachineOp::kTVector, Pipe::kV, 0, false, 3);
  barrier.BarrierAll(4);
  EXPECT_EQ(Messages(barrier.Return()), "");

  Lane a5(Backend::kA5);  // V is in order on a5
  a5.Op(MachineOp::kTVector, Pipe::kV, 0, true, 2);
  a5.Op(MachineOp::kTVector, Pipe::kV, 0, false, 3);
  a5.BarrierAll(4);
  EXPECT_EQ(Messages(a5.Return()), "");
}

TEST(PipeCheckTest, FlagReuseRace) {
  // The second set on MTE2 may run before V's wait consumed the first.
  Lane lane;
  lane.Set(Pipe::kMte2, Pipe::kV, 0, 2);
  lane.Wait(Pipe::kMte2, Pipe::kV, 0, 3);
  lane.Set(Pipe::kMte2, Pipe::kV, 0, 4);
  lane.Wait(Pipe::kMte2, Pipe::kV, 0, 5);
  lane.BarrierAll(6);
  std::vector<Finding> f = lane.Return();
  ASSERT_EQ(f.size(), 1u) << Messages(f);
  EXPECT_EQ(f[0].kind, FindingKind::kFlagReuseRace);
  EXPECT_EQ(f[0].locations[1].loc.line, 3);

  Lane ordered;  // a full barrier orders the wait before the next set
  ordered.Set(Pipe::kMte2, Pipe::kV, 0, 2);
  ordered.Wait(Pipe::kMte2, Pipe::kV, 0, 3);
  ordered.BarrierAll(4);
  ordered.Set(Pipe::kMte2, Pipe::kV, 0, 4);
  ordered.Wait(Pipe::kMte2, Pipe::kV, 0, 5);
  ordered.BarrierAll(6);
  EXPECT_EQ(Messages(ordered.Return()), "");
}

TEST(PipeCheckTest, DoubleSet) {
  Lane lane;
  lane.Set(Pipe::kMte2, Pipe::kV, 1, 2);
  lane.Set(Pipe::kMte2, Pipe::kV, 1, 3);
  lane.Wait(Pipe::kMte2, Pipe::kV, 1, 4);
  lane.BarrierAll(5);
  std::vector<Finding> f = lane.Return();
  ASSERT_EQ(f.size(), 1u) << Messages(f);
  EXPECT_EQ(f[0].kind, FindingKind::kProtocolError);
  EXPECT_EQ(f[0].message,
            "double set: aiv lane (k) of rank 0: set_flag(PIPE_MTE2, PIPE_V, EVENT_ID1) "
            "(k.py:3:9) while the key is still set (set at k.py:2:9)");
}

TEST(PipeCheckTest, WaitNeverSetIsADeadlock) {
  Lane lane;
  lane.Wait(Pipe::kV, Pipe::kMte3, 0, 2);
  lane.BarrierAll(3);
  std::vector<Finding> f = lane.Return();
  ASSERT_EQ(f.size(), 1u) << Messages(f);
  EXPECT_EQ(f[0].kind, FindingKind::kDeadlock);
  EXPECT_EQ(f[0].locations[0].role, "wait");
  EXPECT_EQ(f[0].locations[0].loc.line, 2);
}

TEST(PipeCheckTest, PipeBusyAtReturn) {
  Lane lane;
  lane.Op(MachineOp::kTStore, Pipe::kMte3, 0, false, 2);
  std::vector<Finding> f = lane.Return();
  ASSERT_EQ(f.size(), 1u) << Messages(f);
  EXPECT_EQ(f[0].kind, FindingKind::kProtocolError);
  EXPECT_EQ(f[0].message,
            "pipe busy at return: aiv lane (k) of rank 0: PIPE_MTE3 may still be running "
            "TSTORE (k.py:2:9) when the kernel returns; missing: pipe_barrier(PIPE_ALL)");
  // Scalar work needs no drain.
  Lane scalar;
  scalar.Op(MachineOp::kScalarRead, Pipe::kS, 0, false, 2);
  EXPECT_EQ(Messages(scalar.Return()), "");
}

TEST(PipeCheckTest, FlagLeftSetAtReturn) {
  Lane lane;
  lane.Set(Pipe::kV, Pipe::kMte3, 2, 2);
  lane.BarrierAll(3);
  std::vector<Finding> f = lane.Return();
  ASSERT_EQ(f.size(), 1u) << Messages(f);
  EXPECT_EQ(f[0].message,
            "flag left set at return: aiv lane (k) of rank 0: (PIPE_V, PIPE_MTE3, EVENT_ID2) "
            "was set at k.py:2:9 and never waited for");
}

TEST(PipeCheckTest, IllegalSync) {
  Lane a5(Backend::kA5);
  a5.Barrier(Pipe::kV, 2);  // no PIPE_V barrier on a5
  std::vector<Finding> f = a5.Return();
  ASSERT_EQ(f.size(), 1u) << Messages(f);
  EXPECT_EQ(f[0].message,
            "illegal sync: aiv lane (k) of rank 0: pipe_barrier(PIPE_V) (k.py:2:9) is not "
            "allowed on an AIV core of a5 (pipe-sync.md §3.7)");

  Lane aiv;
  aiv.Barrier(Pipe::kFix, 2);            // no FIX on a vector core
  aiv.Set(Pipe::kM, Pipe::kV, 0, 3);     // nor M
  aiv.Set(Pipe::kV, Pipe::kS, 7, 4);     // id 7 of (V, S) is reserved
  aiv.Set(Pipe::kV, Pipe::kV, 0, 5);     // a flag needs two pipes
  EXPECT_EQ(aiv.Return().size(), 4u);

  Lane aic(Backend::kA2A3, FunctionKind::kAIC);
  aic.Set(Pipe::kM, Pipe::kFix, 6, 2);
  aic.Wait(Pipe::kM, Pipe::kFix, 6, 3);
  aic.Barrier(Pipe::kFix, 4);
  aic.BarrierAll(5);
  EXPECT_EQ(Messages(aic.Return()), "");
}

// §3.4: TPUT and TGET use ids 0 and 1 of MTE2 <-> MTE3 themselves, which
// the planner's check knew and the simulators now share.
TEST(PipeCheckTest, APairHoldingAnIdTputUsesIsAHiddenIdClash) {
  Lane lane;
  lane.Set(Pipe::kMte3, Pipe::kMte2, 1, 2);
  lane.Op(MachineOp::kTPut, Pipe::kMte2, 0, true, 3);
  lane.Wait(Pipe::kMte3, Pipe::kMte2, 1, 4);
  lane.BarrierAll(5);
  std::vector<Finding> f = lane.Return();
  ASSERT_EQ(f.size(), 1u) << Messages(f);
  EXPECT_EQ(f[0].kind, FindingKind::kProtocolError);
  EXPECT_EQ(f[0].message,
            "hidden id clash: aiv lane (k) of rank 0: TPUT on PIPE_MTE2 (k.py:3:9) sets and "
            "waits (PIPE_MTE3, PIPE_MTE2, EVENT_ID1) itself while a pair of the plan holds it "
            "(pipe-sync.md §3.4)");

  Lane other_id;
  other_id.Set(Pipe::kMte3, Pipe::kMte2, 2, 2);
  other_id.Op(MachineOp::kTPut, Pipe::kMte2, 0, true, 3);
  other_id.Wait(Pipe::kMte3, Pipe::kMte2, 2, 4);
  other_id.BarrierAll(5);
  EXPECT_EQ(Messages(other_id.Return()), "");
}

// The simulators' history (per-region epochs) against the independent
// brute force of testing/pipe_order_oracle.h: the same findings up to the
// first race (after a race the epochs, which keep only the latest reads,
// need not name every later one), and every op raced up to there.
TEST(PipeCheckTest, AgreesWithTheBruteForceUpToTheFirstRace) {
  using pipe_order_oracle::Event;
  using pipe_order_oracle::Found;
  int raced = 0;
  for (Backend backend : {Backend::kA2A3, Backend::kA5}) {
    Rng rng(backend == Backend::kA5 ? 11 : 5);
    for (int round = 0; round < 2000; ++round) {
      const std::vector<Event> events = pipe_order_oracle::RandomEvents(rng, backend);
      LanePipeCheck check(backend, FunctionKind::kAIV, /*lane=*/"", {});
      std::deque<RecordedItem> items;
      for (int n = 0; n < static_cast<int>(events.size()); ++n) {
        const Event& e = events[n];
        PipeEvent event;
        if (e.kind == Event::Kind::kOp) {
          RecordedItem& item = items.emplace_back();
          item.kind = RecordedItem::Kind::kOp;
          item.step.op = MachineOp::kTVector;
          item.step.pipe = e.pipe;
          item.accesses.push_back(PlanAccess{MemorySpace::kVec, e.buffer, e.write});
          item.loc = pipe_order_oracle::LocationOf(n);
          event.kind = PipeEvent::Kind::kOp;
          event.op = &item;
        } else {
          event.kind = PipeEvent::Kind::kSync;
          event.sync = pipe_order_oracle::SyncInstrOf(e, n);
        }
        check.Run(event);
      }
      check.Return(pipe_order_oracle::LocationOf(static_cast<int>(events.size())));
      absl::StatusOr<Found> model = pipe_order_oracle::FoundIn(check.TakeFindings());
      ASSERT_TRUE(model.ok()) << model.status();
      Found brute = pipe_order_oracle::BruteForce(backend, events);
      // Races: which ops race, up to the brute force's first.
      const int first = brute.races.empty() ? kMaxLine : brute.races.begin()->first;
      std::set<int> model_ops, brute_ops;
      for (const auto& [later, earlier] : model->races) {
        if (later <= first) model_ops.insert(later);
      }
      for (const auto& [later, earlier] : brute.races) {
        if (later <= first) brute_ops.insert(later);
      }
      EXPECT_EQ(model_ops, brute_ops) << "round " << round << "\n"
                                      << pipe_order_oracle::Describe(events);
      model->races.clear();
      brute.races.clear();
      ASSERT_TRUE(*model == brute) << "round " << round << "\n"
                                   << pipe_order_oracle::Describe(events)
                                   << "model: " << pipe_order_oracle::Describe(*model)
                                   << "\nbrute: " << pipe_order_oracle::Describe(brute);
      raced += !brute_ops.empty();
    }
  }
  EXPECT_GT(raced, 100);
}

}  // namespace
}  // namespace sim
}  // namespace ptoc
