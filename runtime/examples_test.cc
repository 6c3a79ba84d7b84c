// Every example kernel, compiled with the default pipeline, runs clean over
// many schedules and computes the reference result.
#include <cmath>
#include <string>
#include <vector>

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

constexpr int kSchedules = 60;

std::unique_ptr<Program> Compile(const std::string& path, const PassOptions& options = {}) {
  absl::StatusOr<std::unique_ptr<Program>> p = CompileKernel(path, DefaultPipeline(), options);
  EXPECT_TRUE(p.ok()) << p.status().message();
  return p.ok() ? std::move(*p) : nullptr;
}

// Runs `kSchedules` schedules, expects no finding, returns every schedule's outputs.
std::vector<std::vector<TensorDump>> RunClean(const Program& program, SimOptions options) {
  options.schedules = kSchedules;
  options.keep_every_output = true;
  absl::StatusOr<SimResult> r = Simulate(program, options);
  EXPECT_TRUE(r.ok()) << r.status().message();
  if (!r.ok()) return {};
  EXPECT_TRUE(r->report.empty()) << r->report.ToText(r->totals);
  EXPECT_EQ(r->outputs.size(), static_cast<size_t>(kSchedules));
  return r->outputs;
}

TEST(ExamplesTest, RingAllReduceSumsOnEveryRank) {
  auto program = Compile("examples/ring_allreduce.py");
  ASSERT_NE(program, nullptr);
  const int ranks = 4;
  SimOptions options;
  options.entry = "ring";
  options.ranks = ranks;
  options.scalars = {{"chunk_elems", "64"}};
  options.inputs_dir = NewTempDir("ring");
  std::vector<double> sum(256, 0.0);
  for (int r = 0; r < ranks; ++r) {
    std::vector<double> inp = SmallValues(256, r);
    WriteInput(options.inputs_dir, "inp", r, inp);
    for (int i = 0; i < 256; ++i) sum[i] += inp[i];
  }
  for (const auto& outputs : RunClean(*program, options)) {
    for (int r = 0; r < ranks; ++r) ASSERT_EQ(OutputOf(outputs, "out", r), sum) << "rank " << r;
  }
}

TEST(ExamplesTest, MeshBarrierGathersEveryRow) {
  auto program = Compile("examples/mesh_barrier.py");
  ASSERT_NE(program, nullptr);
  SimOptions options;
  options.entry = "exchange";
  options.ranks = 8;
  options.inputs_dir = NewTempDir("mesh");
  std::vector<double> rows;
  for (int r = 0; r < 8; ++r) {
    std::vector<double> x = SmallValues(16, 100 + r);
    WriteInput(options.inputs_dir, "x", r, x);
    rows.insert(rows.end(), x.begin(), x.end());
  }
  for (const auto& outputs : RunClean(*program, options)) {
    for (int r = 0; r < 8; ++r) ASSERT_EQ(OutputOf(outputs, "out", r), rows) << "rank " << r;
  }
}

// relu(a @ b) with fp16 inputs and fp32 accumulation, in the cube's order.
TEST(ExamplesTest, MatmulReluMatchesReference) {
  auto program = Compile("examples/matmul_relu.py");
  ASSERT_NE(program, nullptr);
  SimOptions options;
  options.entry = "mm_relu";
  options.inputs_dir = NewTempDir("matmul_relu");
  std::vector<double> a = SmallValues(16 * 32, 1), b = SmallValues(32 * 16, 2);
  WriteInput(options.inputs_dir, "a", 0, a);
  WriteInput(options.inputs_dir, "b", 0, b);
  std::vector<double> want(16 * 16);
  for (int i = 0; i < 16; ++i) {
    for (int j = 0; j < 16; ++j) {
      float acc = 0;
      for (int k = 0; k < 32; ++k) {
        acc += static_cast<float>(a[i * 32 + k]) * static_cast<float>(b[k * 16 + j]);
      }
      want[i * 16 + j] = acc > 0 ? acc : 0;
    }
  }
  for (const auto& outputs : RunClean(*program, options)) {
    ASSERT_EQ(OutputOf(outputs, "out", 0), want);
  }
}

// score = fp16(q * cos) @ k, on both backends.
TEST(ExamplesTest, V2cHandoffMatchesReference) {
  for (const char* backend : {"a2a3", "a5"}) {
    PassOptions pass_options;
    pass_options.backend = backend;
    auto program = Compile("examples/v2c_handoff.py", pass_options);
    ASSERT_NE(program, nullptr);
    SimOptions options;
    options.entry = "rope_score";
    options.backend = backend;
    options.inputs_dir = NewTempDir(std::string("v2c_") + backend);
    std::vector<double> q = SmallValues(16 * 64, 3), cos = SmallValues(16 * 64, 4),
                        k = SmallValues(64 * 16, 5);
    WriteInput(options.inputs_dir, "q", 0, q);
    WriteInput(options.inputs_dir, "cos", 0, cos);
    WriteInput(options.inputs_dir, "k", 0, k);
    std::vector<double> rq(16 * 64), want(16 * 16);
    for (int i = 0; i < 16 * 64; ++i) rq[i] = RoundToDType(q[i] * cos[i], DType::kFP16);
    for (int i = 0; i < 16; ++i) {
      for (int j = 0; j < 16; ++j) {
        float acc = 0;
        for (int x = 0; x < 64; ++x) {
          acc += static_cast<float>(rq[i * 64 + x]) * static_cast<float>(k[x * 16 + j]);
        }
        want[i * 16 + j] = acc;
      }
    }
    for (const auto& outputs : RunClean(*program, options)) {
      ASSERT_EQ(OutputOf(outputs, "out", 0), want) << backend;
      ASSERT_EQ(OutputOf(outputs, "scratch", 0), rq) << backend;
    }
  }
}

// The runtime's own kernels: scalar publish / consume, and put / get / atomic adds.
TEST(ExamplesTest, MailboxDeliversBothWays) {
  auto program = Compile("runtime/testdata/mailbox.py");
  ASSERT_NE(program, nullptr);
  SimOptions options;
  options.entry = "mailbox";
  options.ranks = 4;
  options.inputs_dir = NewTempDir("mailbox");
  std::vector<std::vector<double>> inp;
  for (int r = 0; r < 4; ++r) {
    inp.push_back(SmallValues(16, 200 + r));
    WriteInput(options.inputs_dir, "inp", r, inp.back());
  }
  for (const auto& outputs : RunClean(*program, options)) {
    for (int r = 0; r < 4; ++r) {
      int left = (r + 3) % 4;
      ASSERT_EQ(OutputOf(outputs, "out", r), (std::vector<double>{inp[left][3], 1}));
      std::vector<double> got(16, 0.0);
      got[0] = left * 10 + 1;
      ASSERT_EQ(OutputOf(outputs, "got", r), got);
    }
  }
}

TEST(ExamplesTest, PutGetAndAtomicAdds) {
  auto program = Compile("runtime/testdata/put_get.py");
  ASSERT_NE(program, nullptr);
  SimOptions options;
  options.entry = "exchange";
  options.ranks = 4;
  options.inputs_dir = NewTempDir("put_get");
  std::vector<std::vector<double>> inp;
  std::vector<double> sum(16, 0.0);
  for (int r = 0; r < 4; ++r) {
    inp.push_back(SmallValues(16, 300 + r));
    WriteInput(options.inputs_dir, "inp", r, inp.back());
    for (int i = 0; i < 16; ++i) sum[i] += inp.back()[i];
  }
  for (const auto& outputs : RunClean(*program, options)) {
    for (int r = 0; r < 4; ++r) {
      ASSERT_EQ(OutputOf(outputs, "fetched", r), inp[(r + 2) % 4]);
      ASSERT_EQ(OutputOf(outputs, "total", r), r == 0 ? sum : std::vector<double>(16, 0.0));
    }
  }
}

// Polling with pld.system.test: no schedule starves the publisher behind
// the polling loop.
TEST(ExamplesTest, PollingWithTestCompletes) {
  auto program = Compile("runtime/testdata/poll.py");
  ASSERT_NE(program, nullptr);
  SimOptions options;
  options.entry = "poll";
  options.ranks = 2;
  options.inputs_dir = NewTempDir("poll");
  std::vector<double> x = SmallValues(16, 400);
  WriteInput(options.inputs_dir, "x", 0, x);
  WriteInput(options.inputs_dir, "x", 1, SmallValues(16, 401));
  for (const auto& outputs : RunClean(*program, options)) {
    ASSERT_EQ(OutputOf(outputs, "out", 1), std::vector<double>{x[5]});
  }
}

// Two tiles in flight each way through one a2a3 pipe (comm-hazards.md H3):
// with the rings where the emitted code puts them, clean, and both lanes
// compute with the other's tiles: out_c = [2 x0; x1 * x1] @ w (fp32 on the
// cube), out_v = a @ b[0:16] + a @ b[16:32] (fp16 products, fp32 sums).
TEST(ExamplesTest, TwoWayRingMatchesReference) {
  auto program = Compile("runtime/testdata/two_way_ring.py");
  ASSERT_NE(program, nullptr);
  SimOptions options;
  options.entry = "two_way";
  options.inputs_dir = NewTempDir("two_way");
  const std::vector<double> a = SmallValues(16 * 16, 6), b = SmallValues(32 * 16, 7),
                            x = SmallValues(32 * 16, 8), w = SmallValues(16 * 16, 9);
  WriteInput(options.inputs_dir, "a", 0, a);
  WriteInput(options.inputs_dir, "b", 0, b);
  WriteInput(options.inputs_dir, "x", 0, x);
  WriteInput(options.inputs_dir, "w", 0, w);
  std::vector<double> out_c(32 * 16), out_v(16 * 16);
  for (int i = 0; i < 16; ++i) {
    for (int j = 0; j < 16; ++j) {
      float s0 = 0, s1 = 0, o0 = 0, o1 = 0;
      for (int k = 0; k < 16; ++k) {
        const float ak = static_cast<float>(a[i * 16 + k]), wk = static_cast<float>(w[k * 16 + j]);
        s0 += ak * static_cast<float>(b[k * 16 + j]);
        s1 += ak * static_cast<float>(b[(16 + k) * 16 + j]);
        o0 += 2 * static_cast<float>(x[i * 16 + k]) * wk;
        const float x1 = static_cast<float>(x[(16 + i) * 16 + k]);
        o1 += x1 * x1 * wk;
      }
      out_v[i * 16 + j] = s0 + s1;
      out_c[i * 16 + j] = o0;
      out_c[(16 + i) * 16 + j] = o1;
    }
  }
  for (const auto& outputs : RunClean(*program, options)) {
    ASSERT_EQ(OutputOf(outputs, "out_c", 0), out_c);
    ASSERT_EQ(OutputOf(outputs, "out_v", 0), out_v);
  }
}

// The V2C hand-off through GM: a race without a handshake, clean with one.
TEST(ExamplesTest, V2cHandoffWithoutHandshakeIsARace) {
  for (const char* mode : {"fence", "barrier", "off"}) {
    PassOptions pass_options;
    pass_options.values["v2c_sync"] = mode;
    auto program = Compile("examples/v2c_handoff.py", pass_options);
    ASSERT_NE(program, nullptr);
    SimOptions options;
    options.entry = "rope_score";
    options.schedules = 20;
    absl::StatusOr<SimResult> r = Simulate(*program, options);
    ASSERT_TRUE(r.ok()) << r.status().message();
    if (std::string(mode) != "off") {
      EXPECT_TRUE(r->report.empty()) << mode << "\n" << r->report.ToText(r->totals);
      continue;
    }
    ASSERT_EQ(r->report.findings().size(), 1u) << r->report.ToText(r->totals);
    const Finding& f = r->report.findings()[0];
    EXPECT_EQ(f.kind, FindingKind::kRace);
    EXPECT_EQ(f.schedules_seen, 20);  // every schedule, whichever lane runs first
    ASSERT_EQ(f.locations.size(), 2u);
    EXPECT_EQ(f.locations[0].loc.line, 23);  // the AIV store of scratch
    EXPECT_EQ(f.locations[1].loc.line, 24);  // the AIC load of it
  }
}

}  // namespace
}  // namespace sim
}  // namespace ptoc
