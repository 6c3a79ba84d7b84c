// The 1 AIC : 2 AIV core group in ptoc-sim (dual-aiv.md, "Runtime"): three
// lanes, the FIFO rules per backend and split code, the launch ratio, and
// the findings that only two vector lanes can produce.
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "passes/pass.h"
#include "runtime/sim_test_util.h"
#include "runtime/simulator.h"
#include "runtime/values.h"

namespace ptoc {
namespace sim {
namespace {

using testing::CompileKernel;
using testing::NewTempDir;
using testing::OutputOf;
using testing::SmallValues;
using testing::WriteInput;

constexpr char kDualFifo[] = "runtime/testdata/dual_fifo.py";
constexpr char kRemoval[] = "runtime/testdata/dual_v2c_removal.py";

// `path` through `passes` for `backend`.
std::unique_ptr<Program> Compile(const std::string& path, const std::string& backend,
                                 const std::vector<std::string>& passes) {
  PassOptions pass_options;
  pass_options.backend = backend;
  absl::StatusOr<std::unique_ptr<Program>> p = CompileKernel(path, passes, pass_options);
  EXPECT_TRUE(p.ok()) << p.status().message();
  return p.ok() ? std::move(*p) : nullptr;
}

SimResult Simulated(const Program& program, SimOptions options) {
  absl::StatusOr<SimResult> r = Simulate(program, options);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? std::move(*r) : SimResult{};
}

SimOptions Options(const std::string& entry, const std::string& backend = "a2a3",
                   int schedules = 20) {
  SimOptions options;
  options.entry = entry;
  options.backend = backend;
  options.schedules = schedules;
  options.max_steps = 100000;
  return options;
}

// The first finding of `kind` whose message or one of whose notes contains
// `text`, or nullptr.
const Finding* FindingWith(const Report& report, FindingKind kind, const std::string& text) {
  for (const Finding& f : report.findings()) {
    if (f.kind != kind) continue;
    if (absl::StrContains(f.message, text)) return &f;
    for (const SourceRef& r : f.locations) {
      if (absl::StrContains(r.note, text)) return &f;
    }
  }
  return nullptr;
}

// fp32 matmul in the cube's order: float products, float accumulation.
std::vector<double> Matmul(const std::vector<double>& a, const std::vector<double>& b, int m,
                           int k, int n) {
  std::vector<double> c(m * n);
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      float acc = 0;
      for (int x = 0; x < k; ++x) {
        acc += static_cast<float>(a[i * k + x]) * static_cast<float>(b[x * n + j]);
      }
      c[i * n + j] = acc;
    }
  }
  return c;
}

std::vector<double> Exp(std::vector<double> v) {
  for (double& x : v) x = RoundToDType(std::exp(x), DType::kFP32);
  return v;
}

// probs = exp(q @ k) split by rows over the lanes and joined; out = probs @ v.
TEST(DualAivExamplesTest, SplitAttentionRunsCleanOnThreeLanes) {
  for (const char* backend : {"a2a3", "a5"}) {
    auto program = Compile("examples/split_attention.py", backend, DefaultPipeline());
    ASSERT_NE(program, nullptr);
    SimOptions options = Options("split_attention", backend, 60);
    options.keep_every_output = true;
    options.inputs_dir = NewTempDir(std::string("split_attention_") + backend);
    std::vector<double> q = SmallValues(32 * 32, 11), k = SmallValues(32 * 16, 12),
                        v = SmallValues(16 * 16, 13);
    WriteInput(options.inputs_dir, "q", 0, q);
    WriteInput(options.inputs_dir, "k", 0, k);
    WriteInput(options.inputs_dir, "v", 0, v);
    const std::vector<double> want = Matmul(Exp(Matmul(q, k, 32, 32, 16)), v, 32, 16, 16);
    SimResult r = Simulated(*program, options);
    EXPECT_TRUE(r.report.empty()) << backend << "\n" << r.report.ToText(r.totals);
    EXPECT_EQ(r.totals.lanes, 3) << backend;
    ASSERT_EQ(r.outputs.size(), 60u);
    for (const auto& outputs : r.outputs) ASSERT_EQ(OutputOf(outputs, "out", 0), want) << backend;
  }
}

// Each lane scales its rows of x into scratch; the cube reads both halves.
TEST(DualAivExamplesTest, DualV2cHandoffRunsCleanOnThreeLanes) {
  for (const char* backend : {"a2a3", "a5"}) {
    auto program = Compile("examples/dual_v2c_handoff.py", backend, DefaultPipeline());
    ASSERT_NE(program, nullptr);
    SimOptions options = Options("dual_v2c_handoff", backend, 60);
    options.keep_every_output = true;
    options.inputs_dir = NewTempDir(std::string("dual_v2c_") + backend);
    std::vector<double> x = SmallValues(32 * 16, 21), w = SmallValues(16 * 16, 22);
    WriteInput(options.inputs_dir, "x", 0, x);
    WriteInput(options.inputs_dir, "w", 0, w);
    std::vector<double> scaled(32 * 16);
    for (int i = 0; i < 32 * 16; ++i) scaled[i] = RoundToDType(x[i] * 2.0, DType::kFP16);
    const std::vector<double> want = Matmul(scaled, w, 32, 16, 16);
    SimResult r = Simulated(*program, options);
    EXPECT_TRUE(r.report.empty()) << backend << "\n" << r.report.ToText(r.totals);
    EXPECT_EQ(r.totals.lanes, 3) << backend;
    for (const auto& outputs : r.outputs) {
      ASSERT_EQ(OutputOf(outputs, "scratch", 0), scaled) << backend;
      ASSERT_EQ(OutputOf(outputs, "out", 0), want) << backend;
    }
  }
}

// LEFT_RIGHT: lane l gets columns [16 l, 16 l + 16); the gather joins them.
TEST(DualAivFifoTest, LeftRightSplitsAndJoinsByColumns) {
  for (const char* backend : {"a2a3", "a5"}) {
    auto program = Compile("runtime/testdata/split_left_right.py", backend, DefaultPipeline());
    ASSERT_NE(program, nullptr);
    SimOptions options = Options("split_left_right", backend, 30);
    options.inputs_dir = NewTempDir(std::string("left_right_") + backend);
    std::vector<double> q = SmallValues(16 * 32, 31), k = SmallValues(32 * 32, 32);
    WriteInput(options.inputs_dir, "q", 0, q);
    WriteInput(options.inputs_dir, "k", 0, k);
    const std::vector<double> want = Exp(Matmul(q, k, 16, 32, 32));
    SimResult r = Simulated(*program, options);
    EXPECT_TRUE(r.report.empty()) << backend << "\n" << r.report.ToText(r.totals);
    ASSERT_EQ(r.outputs.size(), 1u);
    EXPECT_EQ(OutputOf(r.outputs[0], "probs", 0), want) << backend;
    EXPECT_EQ(OutputOf(r.outputs[0], "joined_out", 0), want) << backend;
  }
}

// No split on a2a3 under 1C:2V: both lanes pop the whole C2V tile; a V2C
// slot is complete once both lanes pushed, and holds AIV0's tile.
TEST(DualAivFifoTest, NoSplitA2a3BothLanesTakePart) {
  auto program = Compile(kDualFifo, "a2a3", {});
  ASSERT_NE(program, nullptr);
  std::vector<double> a16 = SmallValues(16 * 16, 41), a32 = SmallValues(32 * 16, 42);
  SimOptions c2v = Options("c2v_both");
  c2v.inputs_dir = NewTempDir("c2v_both");
  WriteInput(c2v.inputs_dir, "a", 0, a16);
  SimResult r = Simulated(*program, c2v);
  EXPECT_TRUE(r.report.empty()) << r.report.ToText(r.totals);
  EXPECT_EQ(r.totals.lanes, 3);
  std::vector<double> twice = a16;
  twice.insert(twice.end(), a16.begin(), a16.end());
  EXPECT_EQ(OutputOf(r.outputs[0], "out", 0), twice);

  SimOptions v2c = Options("v2c_both");
  v2c.inputs_dir = NewTempDir("v2c_both");
  WriteInput(v2c.inputs_dir, "a", 0, a32);
  r = Simulated(*program, v2c);
  EXPECT_TRUE(r.report.empty()) << r.report.ToText(r.totals);
  EXPECT_EQ(OutputOf(r.outputs[0], "out", 0), std::vector<double>(a32.begin(), a32.begin() + 256));
}

// The C2V slot is released only when both lanes freed it; the V2C slot
// waits for both lanes' pushes.
TEST(DualAivFifoTest, ASlotNeedsBothLanes) {
  auto program = Compile(kDualFifo, "a2a3", {});
  ASSERT_NE(program, nullptr);
  SimResult r = Simulated(*program, Options("c2v_one_free"));
  ASSERT_EQ(r.report.findings().size(), 1u) << r.report.ToText(r.totals);
  const Finding* f =
      FindingWith(r.report, FindingKind::kDeadlock, "all 1 slots of the C2V FIFO are in use");
  ASSERT_NE(f, nullptr) << r.report.ToText(r.totals);
  EXPECT_EQ(f->locations[0].loc.line, 45);  // the cube's second push

  r = Simulated(*program, Options("v2c_one_push"));
  ASSERT_EQ(r.report.findings().size(), 1u) << r.report.ToText(r.totals);
  f = FindingWith(r.report, FindingKind::kDeadlock, "the V2C slot still waits for the push of AIV1");
  ASSERT_NE(f, nullptr) << r.report.ToText(r.totals);
  EXPECT_EQ(f->locations[0].loc.line, 67);  // the cube's pop
}

// a5: a no-split transfer involves AIV0 only; AIV1 on such a pipe (a
// single kernel forced to 1C:2V) is a protocol error, and the forced ratio
// a launch finding.
TEST(DualAivFifoTest, A5NoSplitPipeIsAiv0Only) {
  auto program = Compile("examples/v2c_handoff.py", "a5", DefaultPipeline());
  ASSERT_NE(program, nullptr);
  SimOptions options = Options("rope_score", "a5");
  options.launch = LaunchRatio::k1C2V;
  SimResult r = Simulated(*program, options);
  EXPECT_EQ(r.totals.lanes, 3);
  const Finding* never = FindingWith(r.report, FindingKind::kProtocolError, "never signalled");
  ASSERT_NE(never, nullptr) << r.report.ToText(r.totals);
  EXPECT_TRUE(absl::StrContains(never->message, "zero tile")) << never->message;
  EXPECT_EQ(never->lane, "aiv1 lane (rope_score_aiv)");
  EXPECT_NE(FindingWith(r.report, FindingKind::kLaunch, "declares a 1C:1V launch"), nullptr)
      << r.report.ToText(r.totals);
  // Declared, the a5 group runs 1C:1V and is clean.
  r = Simulated(*program, Options("rope_score", "a5"));
  EXPECT_TRUE(r.report.empty()) << r.report.ToText(r.totals);
  EXPECT_EQ(r.totals.lanes, 2);
}

// A split transfer in a group started 1C:1V: a deadlock naming AIV1.
TEST(DualAivFifoTest, SplitTransferWithOneAivLaneDeadlocks) {
  for (const char* backend : {"a2a3", "a5"}) {
    auto attention = Compile("examples/split_attention.py", backend, DefaultPipeline());
    ASSERT_NE(attention, nullptr);
    SimOptions options = Options("split_attention", backend);
    options.launch = LaunchRatio::k1C1V;
    SimResult r = Simulated(*attention, options);
    EXPECT_EQ(r.totals.lanes, 2);
    const Finding* f = FindingWith(r.report, FindingKind::kDeadlock, "AIV1 is missing");
    ASSERT_NE(f, nullptr) << r.report.ToText(r.totals);
    EXPECT_TRUE(absl::StrContains(f->locations[0].note, "tpush with split=1")) << f->locations[0].note;
    const Finding* launch = FindingWith(
        r.report, FindingKind::kLaunch,
        "'split_attention_aiv' declares a 1C:2V launch (dual_aiv_dispatch) but --launch=1c1v "
        "starts its core group 1C:1V");
    EXPECT_NE(launch, nullptr) << r.report.ToText(r.totals);

    auto handoff = Compile("examples/dual_v2c_handoff.py", backend, DefaultPipeline());
    ASSERT_NE(handoff, nullptr);
    options.entry = "dual_v2c_handoff";
    r = Simulated(*handoff, options);
    f = FindingWith(r.report, FindingKind::kDeadlock, "AIV1 is missing");
    ASSERT_NE(f, nullptr) << r.report.ToText(r.totals);
    EXPECT_TRUE(absl::StrContains(f->locations[0].note, "still waits for the push of AIV1"))
        << f->locations[0].note;
  }
}

TEST(DualAivProtocolTest, SplitCodeMismatches) {
  struct Case {
    const char* entry;
    int line;
    const char* message;
  };
  auto program = Compile(kDualFifo, "a2a3", {});
  ASSERT_NE(program, nullptr);
  for (const Case& c : std::vector<Case>{
           {"push_pop_code", 109, "'tile.tpop_from_aic' with split=2 pops a tile pushed with split=1"},
           {"free_code", 122, "'system.tfree_to_aic' with split=2 frees a tile popped with split=1"},
           {"mixed_class", 135, "the pipe is used with split=0 and with a split code"},
           {"odd_halves", 156, "the AIV lanes pushed halves of different types into one V2C slot: "
                               "[8, 16] FP32 from AIV0, [4, 16] FP32 from AIV1"},
       }) {
    SimResult r = Simulated(*program, Options(c.entry));
    const Finding* f = FindingWith(r.report, FindingKind::kProtocolError, c.message);
    ASSERT_NE(f, nullptr) << c.entry << "\n" << r.report.ToText(r.totals);
    EXPECT_EQ(f->locations[0].loc.line, c.line) << c.entry;
  }
}

// The two vector lanes are not ordered against each other: the same rows
// stored by both are a race between AIV0 and AIV1. A lone dual AIV
// function runs as AIV0 + AIV1 with no cube.
TEST(DualAivRaceTest, AivLanesRaceAndALoneDualFunctionRunsBoth) {
  auto program = Compile(kDualFifo, "a2a3", {});
  ASSERT_NE(program, nullptr);
  SimResult r = Simulated(*program, Options("lanes_race"));
  ASSERT_EQ(r.report.findings().size(), 1u) << r.report.ToText(r.totals);
  const Finding& race = r.report.findings()[0];
  EXPECT_EQ(race.kind, FindingKind::kRace);
  EXPECT_TRUE(absl::StrContains(race.message, "aiv0 lane (lanes_race)")) << race.message;
  EXPECT_TRUE(absl::StrContains(race.message, "aiv1 lane (lanes_race)")) << race.message;
  EXPECT_EQ(race.schedules_seen, 20);

  SimOptions options = Options("lone_dual");
  options.inputs_dir = NewTempDir("lone_dual");
  std::vector<double> a = SmallValues(32 * 16, 51);
  WriteInput(options.inputs_dir, "a", 0, a);
  r = Simulated(*program, options);
  EXPECT_TRUE(r.report.empty()) << r.report.ToText(r.totals);
  EXPECT_EQ(r.totals.lanes, 2);
  std::vector<double> twice(a.size());
  for (size_t i = 0; i < a.size(); ++i) twice[i] = a[i] * 2.0;
  EXPECT_EQ(OutputOf(r.outputs[0], "out", 0), twice);

  options.launch = LaunchRatio::k1C1V;
  r = Simulated(*program, options);
  EXPECT_EQ(r.totals.lanes, 1);
  ASSERT_EQ(r.report.findings().size(), 1u) << r.report.ToText(r.totals);
  EXPECT_EQ(r.report.findings()[0].kind, FindingKind::kLaunch);
}

// A mix syncall waits for all three lanes: one that never arrives is a
// deadlock naming it; the V2C fallback barrier runs clean on three lanes.
TEST(DualAivBarrierTest, MixSyncallWaitsForEveryLane) {
  auto program = Compile(kDualFifo, "a2a3", {});
  ASSERT_NE(program, nullptr);
  SimResult r = Simulated(*program, Options("syncall_one_lane"));
  ASSERT_EQ(r.report.findings().size(), 1u) << r.report.ToText(r.totals);
  const Finding& f = r.report.findings()[0];
  EXPECT_EQ(f.kind, FindingKind::kDeadlock);
  ASSERT_EQ(f.locations.size(), 2u);  // the cube and AIV0 wait
  for (const SourceRef& at : f.locations) {
    EXPECT_TRUE(absl::StrContains(at.note,
                                  "syncall: waiting for aiv1 lane (syncall_one_lane_aiv) (finished)"))
        << at.note;
  }

  PassOptions barrier;
  barrier.values["v2c_sync"] = "barrier";
  absl::StatusOr<std::unique_ptr<Program>> handoff =
      CompileKernel("examples/v2c_handoff.py", DefaultPipeline(), barrier);
  ASSERT_TRUE(handoff.ok()) << handoff.status().message();
  r = Simulated(**handoff, Options("rope_score"));
  EXPECT_TRUE(r.report.empty()) << r.report.ToText(r.totals);
  EXPECT_EQ(r.totals.lanes, 3);  // a2a3: AIV1 replays the pipe protocol and the syncall
}

// Either lane's V2C token push or fence taken away is reported: a deadlock
// naming the lane whose token is missing, or a stale read of that lane's
// rows naming the missing fence.
TEST(DualAivRemovalTest, EitherLanesTokenPushOrFence) {
  for (const char* backend : {"a2a3", "a5"}) {
    auto program = Compile(kRemoval, backend, {});
    ASSERT_NE(program, nullptr);
    for (int lane = 0; lane < 2; ++lane) {
      const std::string l = std::to_string(lane);
      SimResult r = Simulated(*program, Options("no_push_aiv" + l, backend, 30));
      ASSERT_EQ(r.report.findings().size(), 1u) << r.report.ToText(r.totals);
      EXPECT_NE(FindingWith(r.report, FindingKind::kDeadlock, "push of AIV" + l), nullptr)
          << backend << " " << r.report.ToText(r.totals);

      r = Simulated(*program, Options("no_fence_aiv" + l, backend, 30));
      ASSERT_EQ(r.report.findings().size(), 1u) << r.report.ToText(r.totals);
      const Finding& stale = r.report.findings()[0];
      EXPECT_EQ(stale.kind, FindingKind::kStaleRead);
      EXPECT_EQ(stale.missing_marker, kMissingFence);
      EXPECT_TRUE(absl::StrContains(stale.message, "aiv" + l + " lane (no_fence_aiv" + l))
          << stale.message;
      EXPECT_TRUE(absl::StrContains(stale.message, lane == 0 ? "scratch[0, 0]" : "scratch[16, 0]"))
          << stale.message;
    }
  }
}

}  // namespace
}  // namespace sim
}  // namespace ptoc
