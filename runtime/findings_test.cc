// What the simulator reports for broken programs: deadlocks, protocol
// errors, livelocks, races and stale reads, with their source locations.
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "runtime/sim_test_util.h"
#include "runtime/simulator.h"

namespace ptoc {
namespace sim {
namespace {

// Runs `entry` of the (unpassed) kernel at `path`; expects exactly one
// finding and returns it.
Finding OnlyFinding(const std::string& path, const std::string& entry, int ranks = 1,
                    int schedules = 10, int64_t max_steps = 100000,
                    const std::string& backend = "a2a3") {
  absl::StatusOr<std::unique_ptr<Program>> program = testing::CompileKernel(path, {});
  EXPECT_TRUE(program.ok()) << program.status().message();
  if (!program.ok()) return {};
  SimOptions options;
  options.entry = entry;
  options.ranks = ranks;
  options.schedules = schedules;
  options.max_steps = max_steps;
  options.backend = backend;
  absl::StatusOr<SimResult> r = Simulate(**program, options);
  EXPECT_TRUE(r.ok()) << r.status().message();
  if (!r.ok()) return {};
  EXPECT_EQ(r->report.findings().size(), 1u) << r->report.ToText(r->totals);
  if (r->report.findings().empty()) return {};
  return r->report.findings()[0];
}

TEST(DeadlockTest, PopWithNothingPushed) {
  Finding f = OnlyFinding("runtime/testdata/fifo_underflow.py", "k");
  EXPECT_EQ(f.kind, FindingKind::kDeadlock);
  // The AIC lane finished; on a2a3 the group runs 1C:2V (AIV1 replays the
  // pipe protocol), so both AIV lanes are blocked in the pop.
  ASSERT_EQ(f.locations.size(), 2u);
  for (const SourceRef& at : f.locations) {
    EXPECT_EQ(at.loc.line, 21);
    EXPECT_TRUE(absl::StrContains(at.note, "tpop: the C2V FIFO is empty")) << at.note;
  }
  EXPECT_TRUE(absl::StrContains(f.locations[0].note, "aiv0 lane")) << f.locations[0].note;
  EXPECT_TRUE(absl::StrContains(f.locations[1].note, "aiv1 lane")) << f.locations[1].note;
  EXPECT_EQ(f.schedules_seen, 10);
}

TEST(DeadlockTest, PushIntoAFullRing) {
  Finding f = OnlyFinding("runtime/testdata/fifo_overflow.py", "k");
  EXPECT_EQ(f.kind, FindingKind::kDeadlock);
  ASSERT_EQ(f.locations.size(), 1u);
  EXPECT_EQ(f.locations[0].loc.line, 15);
  EXPECT_TRUE(absl::StrContains(f.locations[0].note, "all 2 slots of the C2V FIFO are in use"))
      << f.locations[0].note;
}

TEST(DeadlockTest, WaitNobodySatisfies) {
  Finding f = OnlyFinding("runtime/testdata/wait_nobody.py", "k", /*ranks=*/3);
  EXPECT_EQ(f.kind, FindingKind::kDeadlock);
  ASSERT_EQ(f.locations.size(), 3u);  // every rank's position
  for (int r = 0; r < 3; ++r) {
    EXPECT_EQ(f.locations[r].loc.line, 12);
    EXPECT_TRUE(absl::StrContains(f.locations[r].note,
                                  "of rank " + std::to_string(r) + ": blocked: waiting for signal"))
        << f.locations[r].note;
  }
}

TEST(ProtocolTest, FifoMisuse) {
  struct Case {
    const char* entry;
    int line;
    const char* message;
  };
  for (const Case& c : std::vector<Case>{
           {"missing_free", 21, "tpop without tfree"},
           {"double_free", 30, "double tfree"},
           {"wrong_shape", 36, "the popped tile is [16, 8] FP16 but the pushed one is [16, 16] FP32"},
           {"unpopped", 15, "never popped"},
       }) {
    Finding f = OnlyFinding("runtime/testdata/fifo_protocol.py", c.entry);
    EXPECT_EQ(f.kind, FindingKind::kProtocolError) << c.entry;
    ASSERT_FALSE(f.locations.empty()) << c.entry;
    EXPECT_EQ(f.locations[0].loc.line, c.line) << c.entry;
    EXPECT_TRUE(absl::StrContains(f.message, c.message)) << c.entry << ": " << f.message;
  }
}

TEST(ProtocolTest, OutOfBoundsAccess) {
  Finding f = OnlyFinding("runtime/testdata/bounds_and_livelock.py", "oob");
  EXPECT_EQ(f.kind, FindingKind::kProtocolError);
  EXPECT_EQ(f.locations[0].loc.line, 13);
  EXPECT_TRUE(absl::StrContains(f.message, "out-of-bounds GM access: tile.load of a[3:5, 0:16]"))
      << f.message;
}

TEST(ProtocolTest, A5VectorToCubePushMustBeNz) {
  Finding f = OnlyFinding("examples/v2c_handoff.a2a3.py", "rope_score", 1, 5, 100000, "a5");
  EXPECT_EQ(f.kind, FindingKind::kProtocolError);
  EXPECT_TRUE(absl::StrContains(f.message, "must carry an NZ tile")) << f.message;
}

// Both directions of a two-way a2a3 pipe at its base (--gm-ring-layout=
// shared, comm-hazards.md H3) with two tiles in flight each way: in every
// schedule the later push of each slot pair is a GM ring overlap naming
// both pushes. (Where the emitted code puts the rings the same kernel runs
// clean: examples_test.)
TEST(ProtocolTest, SharedGmRingOverlapsInEverySchedule) {
  absl::StatusOr<std::unique_ptr<Program>> program =
      testing::CompileKernel("runtime/testdata/two_way_ring.py", {});
  ASSERT_TRUE(program.ok()) << program.status().message();
  SimOptions options;
  options.entry = "two_way";
  options.schedules = 30;
  options.shared_gm_rings = true;
  absl::StatusOr<SimResult> r = Simulate(**program, options);
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->report.findings().size(), 4u) << r->report.ToText(r->totals);
  int schedules_by_slot[2] = {0, 0};
  for (const Finding& f : r->report.findings()) {
    EXPECT_EQ(f.kind, FindingKind::kProtocolError);
    EXPECT_TRUE(absl::StrContains(f.message, "GM ring overlap")) << f.message;
    ASSERT_EQ(f.locations.size(), 2u);
    EXPECT_EQ(f.locations[1].role, "push");
    EXPECT_NE(f.locations[0].loc.line, f.locations[1].loc.line);
    schedules_by_slot[absl::StrContains(f.message, "slot 1 of its ring") ? 1 : 0] +=
        f.schedules_seen;
  }
  EXPECT_EQ(schedules_by_slot[0], 30);
  EXPECT_EQ(schedules_by_slot[1], 30);
}

TEST(LivelockTest, StepLimitAndAWaitThatNeverCompletes) {
  absl::StatusOr<std::unique_ptr<Program>> program =
      testing::CompileKernel("runtime/testdata/bounds_and_livelock.py", {});
  ASSERT_TRUE(program.ok()) << program.status().message();
  SimOptions options;
  options.entry = "spin";
  options.ranks = 2;
  options.max_steps = 500;
  absl::StatusOr<SimResult> r = Simulate(**program, options);
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->report.findings().size(), 2u) << r->report.ToText(r->totals);
  EXPECT_EQ(r->report.findings()[0].kind, FindingKind::kLivelock);
  const Finding& wait = r->report.findings()[1];
  EXPECT_EQ(wait.kind, FindingKind::kProtocolError);
  EXPECT_EQ(wait.rank, 0);
  EXPECT_EQ(wait.locations[0].loc.line, 21);
  EXPECT_EQ(r->totals.statements, 500);
}

TEST(BarrierTest, SyncallOrdersTheHandoff) {
  absl::StatusOr<std::unique_ptr<Program>> program =
      testing::CompileKernel("runtime/testdata/syncall_handoff.py", {});
  ASSERT_TRUE(program.ok()) << program.status().message();
  SimOptions options;
  options.entry = "barrier";
  options.schedules = 30;
  absl::StatusOr<SimResult> r = Simulate(**program, options);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_TRUE(r->report.empty()) << r->report.ToText(r->totals);

  Finding stale = OnlyFinding("runtime/testdata/syncall_handoff.py", "no_fence", 1, 30);
  EXPECT_EQ(stale.kind, FindingKind::kStaleRead);
  EXPECT_EQ(stale.missing_marker, kMissingFence);
  Finding race = OnlyFinding("runtime/testdata/syncall_handoff.py", "no_barrier", 1, 30);
  EXPECT_EQ(race.kind, FindingKind::kRace);
  EXPECT_EQ(race.schedules_seen, 30);
}

// The unfenced ring: the report names the read, the write, and the notify
// and wait that order them.
TEST(StaleReadTest, NamesReadWriteAndSignal) {
  absl::StatusOr<std::unique_ptr<Program>> program =
      testing::CompileKernel("examples/ring_allreduce.py", {});
  ASSERT_TRUE(program.ok()) << program.status().message();
  SimOptions options;
  options.entry = "ring";
  options.ranks = 4;
  options.scalars = {{"chunk_elems", "64"}};
  options.schedules = 5;
  absl::StatusOr<SimResult> r = Simulate(**program, options);
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_FALSE(r->report.empty());
  const Finding& f = r->report.findings()[0];
  EXPECT_EQ(f.kind, FindingKind::kStaleRead);
  EXPECT_EQ(f.missing_marker, kMissingFence);
  ASSERT_EQ(f.locations.size(), 4u);
  EXPECT_EQ(f.locations[0].role, "read");
  EXPECT_EQ(f.locations[0].loc.line, 35);  // the remote_load
  EXPECT_EQ(f.locations[1].role, "write");
  EXPECT_EQ(f.locations[1].loc.line, 25);  // the store of the first loop
  EXPECT_EQ(f.locations[2].role, "signal");
  EXPECT_EQ(f.locations[2].loc.line, 31);  // the notify
  EXPECT_EQ(f.locations[3].role, "wait");
  EXPECT_EQ(f.locations[3].loc.line, 34);  // the wait
  for (const Finding& g : r->report.findings()) EXPECT_EQ(g.kind, FindingKind::kStaleRead);
}

TEST(LaunchErrorTest, BadInvocationsAreErrorsNotFindings) {
  absl::StatusOr<std::unique_ptr<Program>> program =
      testing::CompileKernel("examples/ring_allreduce.py", {});
  ASSERT_TRUE(program.ok()) << program.status().message();
  SimOptions options;
  options.entry = "nope";
  EXPECT_TRUE(absl::StrContains(Simulate(**program, options).status().message(),
                                "no function 'nope' to run; the program has: ring"));
  options.entry = "ring";
  EXPECT_TRUE(absl::StrContains(Simulate(**program, options).status().message(),
                                "needs --scalar chunk_elems=VALUE"));
  options.scalars = {{"chunk_elems", "64"}, {"chunk", "1"}};
  EXPECT_TRUE(absl::StrContains(Simulate(**program, options).status().message(),
                                "'ring' has no scalar parameter 'chunk'"));
  options.scalars = {{"chunk_elems", "sixty"}};
  EXPECT_TRUE(absl::StrContains(Simulate(**program, options).status().message(),
                                "not a INDEX value"));
  options.scalars = {{"chunk_elems", "64"}};
  options.ranks = 5000;
  EXPECT_TRUE(absl::StrContains(Simulate(**program, options).status().message(),
                                "--ranks must be between 1 and 1024"));
  options.ranks = 1024;  // 1024 ranks x 2 KiB of GM each, x 1024 lanes: too much to shadow
  EXPECT_TRUE(absl::StrContains(Simulate(**program, options).status().message(),
                                "ptoc-sim simulates at most"));
}

}  // namespace
}  // namespace sim
}  // namespace ptoc
