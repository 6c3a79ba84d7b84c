// The §4.2 rules both pipe checks share (pipe_clocks.h), where neither
// check's own tests reach them directly: the id pools, what a fence does to
// the clocks, and the shift by which the planner's check merges states.
// (The findings built on them: runtime/pipe_check_test.cc.)
#include "codegen/pipe_clocks.h"

#include "codegen/sync_plan.h"
#include "gtest/gtest.h"

namespace ptoc {
namespace codegen {
namespace {

PipeClocks::Row KnownByAll(const PipeClocks& c, FunctionKind core) {
  PipeClocks::Row shift{};
  for (int x = 0; x < kNumPipes; ++x) shift[x] = c.KnownByAll(core, static_cast<Pipe>(x));
  return shift;
}

TEST(PipeClocksTest, EventIdsReserveTheLastIdOfFourPairs) {
  for (auto [p, q] : {std::pair{Pipe::kV, Pipe::kS}, {Pipe::kS, Pipe::kV},
                      {Pipe::kM, Pipe::kFix}, {Pipe::kFix, Pipe::kM}}) {
    EXPECT_EQ(EventIds(p, q), 7) << PipeName(p) << " -> " << PipeName(q);
  }
  EXPECT_EQ(EventIds(Pipe::kMte2, Pipe::kV), 8);
  EXPECT_EQ(EventIds(Pipe::kV, Pipe::kS, 64), 63);  // flags-unbounded
  SyncInstr set;
  set.kind = SyncInstr::Kind::kSet;
  set.src = Pipe::kV;
  set.dst = Pipe::kS;
  set.id = 6;
  EXPECT_TRUE(LegalSync(Backend::kA2A3, FunctionKind::kAIV, set));
  set.id = 7;
  EXPECT_FALSE(LegalSync(Backend::kA2A3, FunctionKind::kAIV, set));
  EXPECT_EQ(PipeClocks::KeyText(PipeClocks::KeyOf(set)), "(PIPE_V, PIPE_S, EVENT_ID7)");
}

TEST(PipeClocksTest, AnAicFenceDrainsItsThreePipesForEveryPipe) {
  PipeClocks c(Backend::kA2A3);
  const int64_t load = c.Issue(Pipe::kMte2, false);
  const int64_t mmad = c.Issue(Pipe::kM, false);
  MachineStep fence;
  fence.op = MachineOp::kFence;
  fence.drains = {Pipe::kMte2, Pipe::kMte3, Pipe::kFix};
  EXPECT_FALSE(c.BeforeOp(fence));  // not a full barrier
  EXPECT_TRUE(c.Ordered(Pipe::kMte1, Pipe::kMte2, load));
  EXPECT_FALSE(c.Ordered(Pipe::kMte1, Pipe::kM, mmad));  // M is not drained
  EXPECT_TRUE(c.BusyAtReturn(Pipe::kM));
  EXPECT_FALSE(c.BusyAtReturn(Pipe::kMte2));
}

TEST(PipeClocksTest, AnAivFenceIsAFullBarrier) {
  PipeClocks c(Backend::kA2A3);
  const int64_t add = c.Issue(Pipe::kV, false);
  MachineStep fence;
  fence.op = MachineOp::kFence;
  fence.drains_all = true;
  EXPECT_TRUE(c.BeforeOp(fence));
  EXPECT_TRUE(c.Ordered(Pipe::kMte3, Pipe::kV, add));
  for (int x = 0; x < kNumPipes; ++x) EXPECT_FALSE(c.BusyAtReturn(static_cast<Pipe>(x)));
}

TEST(PipeClocksTest, StatesThatDifferOnlyByWhatEveryPipeKnowsAreEqualAfterTheShift) {
  // One V op then a full barrier, against two: the same state from there.
  PipeClocks one(Backend::kA2A3), two(Backend::kA2A3);
  one.Issue(Pipe::kV, false);
  two.Issue(Pipe::kV, false);
  two.Issue(Pipe::kV, false);
  one.BarrierAll();
  two.BarrierAll();
  EXPECT_FALSE(one == two);
  one.Shift(FunctionKind::kAIV, KnownByAll(one, FunctionKind::kAIV));
  two.Shift(FunctionKind::kAIV, KnownByAll(two, FunctionKind::kAIV));
  EXPECT_TRUE(one == two);
  // A flag still set is remembered.
  Location loc;
  EXPECT_EQ(two.Set({static_cast<int>(Pipe::kV), static_cast<int>(Pipe::kMte3), 0}, loc),
            PipeClocks::SetResult::kOk);
  two.Shift(FunctionKind::kAIV, KnownByAll(two, FunctionKind::kAIV));
  EXPECT_FALSE(one == two);
}

TEST(PipeClocksTest, RenumberKeepsEveryComparisonWithAPointAndMergesTheGaps) {
  // V issues 1..3 in one state and 1..5 in the other; only op 2 (3 in the
  // other) is still remembered. A V -> MTE3 pair then tells MTE3 that V's
  // ops up to 3 (5) are complete; S learns nothing.
  PipeClocks a(Backend::kA2A3), b(Backend::kA2A3);
  for (int i = 0; i < 3; ++i) a.Issue(Pipe::kV, false);
  for (int i = 0; i < 5; ++i) b.Issue(Pipe::kV, false);
  const Location loc;
  const PipeClocks::Key key{static_cast<int>(Pipe::kV), static_cast<int>(Pipe::kMte3), 0};
  a.Set(key, loc);  // issued on V: index 4 (6)
  b.Set(key, loc);
  a.Wait(key, loc);
  b.Wait(key, loc);
  EXPECT_FALSE(a == b);
  PipeClocks::Points pa, pb;
  pa[static_cast<int>(Pipe::kV)] = {2};
  pb[static_cast<int>(Pipe::kV)] = {3};
  a.Renumber(pa);
  b.Renumber(pb);
  EXPECT_TRUE(a == b);
  // The remembered op is index 1 now, and MTE3 knows it complete in both.
  EXPECT_EQ(PipeClocks::Rank(pa[static_cast<int>(Pipe::kV)], 2), 1);
  EXPECT_EQ(PipeClocks::Rank(pb[static_cast<int>(Pipe::kV)], 3), 1);
  EXPECT_TRUE(a.Ordered(Pipe::kMte3, Pipe::kV, 1));
  EXPECT_FALSE(a.Ordered(Pipe::kS, Pipe::kV, 1));
  // Issuing goes on past every point.
  const int64_t next = a.Issue(Pipe::kV, false);
  EXPECT_EQ(next, a.issued(Pipe::kV));
  EXPECT_GT(next, 1);
}

TEST(PipeClocksTest, AFlagWhoseLastWaitItsSetterKnowsIsForgottenByTheShift) {
  // V -> MTE3 set and waited; then MTE3 -> V, so V knows the wait is done.
  const Location loc;
  const PipeClocks::Key v_mte3{static_cast<int>(Pipe::kV), static_cast<int>(Pipe::kMte3), 0};
  const PipeClocks::Key mte3_v{static_cast<int>(Pipe::kMte3), static_cast<int>(Pipe::kV), 1};
  PipeClocks c(Backend::kA5);
  c.Set(v_mte3, loc);
  c.Wait(v_mte3, loc);
  PipeClocks before = c;
  before.Shift(FunctionKind::kAIV, KnownByAll(before, FunctionKind::kAIV));
  EXPECT_NE(before.FlagOf(v_mte3), nullptr);  // V may set it again too early
  c.Set(mte3_v, loc);
  c.Wait(mte3_v, loc);
  c.Shift(FunctionKind::kAIV, KnownByAll(c, FunctionKind::kAIV));
  EXPECT_EQ(c.FlagOf(v_mte3), nullptr);
  EXPECT_EQ(c.Set(v_mte3, loc), PipeClocks::SetResult::kOk);
}

}  // namespace
}  // namespace codegen
}  // namespace ptoc
