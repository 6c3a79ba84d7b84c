// The host / orchestration evaluator of whole-program runs: which kernels
// each rank launches with which views, and the located errors for what it
// does not run.
#include "runtime/host_plan.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "frontend/parser.h"
#include "gtest/gtest.h"

namespace ptoc {
namespace sim {
namespace {

constexpr char kHeader[] = R"(import pypto.language as pl
import pypto.language.distributed as pld


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def step(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        win: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        peer: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        t = pl.load(inp, [0, 0], [1, 64])
        return pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def orch(
        self,
        inp: pl.Tensor[[1, 64], pl.FP32],
        out: pl.Out[pl.Tensor[[1, 64], pl.FP32]],
        win: pl.InOut[pld.DistributedTensor[[1, 64], pl.FP32]],
        peer: pl.Scalar[pl.INT32],
    ) -> pl.Tensor[[1, 64], pl.FP32]:
        return self.step(inp, out, win, peer)

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def host(
        self,
        inputs: pl.Tensor[[4, 1, 64], pl.FP32],
        outputs: pl.Out[pl.Tensor[[4, 1, 64], pl.FP32]],
    ) -> pl.Tensor[[4, 1, 64], pl.FP32]:
        buf = pld.alloc_window_buffer(64 * 4)
)";

absl::StatusOr<RunPlan> Plan(const std::string& host_body, int ranks,
                             std::unique_ptr<Program>* keep) {
  absl::StatusOr<std::unique_ptr<Program>> program =
      ParseProgram(absl::StrCat(kHeader, host_body), "host.py");
  if (!program.ok()) return program.status();
  *keep = std::move(*program);
  const Function& entry = *(*keep)->FindFunction("host");
  EXPECT_TRUE(IsWholeProgramEntry(entry));
  absl::StatusOr<EntryParams> params = ResolveEntryParams(entry, {});
  if (!params.ok()) return params.status();
  return PlanRun(**keep, entry, ranks, *params);
}

TEST(HostPlanTest, EachDeviceLaunchesItsKernelWithItsRowAndTheSharedWindow) {
  std::unique_ptr<Program> program;
  absl::StatusOr<RunPlan> plan = Plan(R"(        for r in pl.range(pld.world_size()):
            w = pld.window(buf, [1, 64], dtype=pl.FP32)
            self.orch(inputs[r], outputs[r], w, (r + 1) % pld.world_size(), device=r)
        return outputs
)", 4, &program);
  ASSERT_TRUE(plan.ok()) << plan.status().message();
  ASSERT_EQ(plan->launches.size(), 4u);
  int window_views = 0;
  for (const TensorView& v : plan->views) window_views += v.window;
  EXPECT_EQ(window_views, 1);  // one window, on every rank
  for (int r = 0; r < 4; ++r) {
    ASSERT_EQ(plan->launches[r].size(), 1u);
    const KernelLaunch& k = plan->launches[r][0];
    EXPECT_EQ(k.kernel->name, "step");
    const TensorView& in = plan->views[k.args[0].view];
    EXPECT_EQ(plan->objects[in.object].name, "inputs");
    EXPECT_EQ(in.offset, static_cast<uint64_t>(r) * 64 * 4);  // the row inputs[r]
    EXPECT_EQ(in.shape, (std::vector<int64_t>{1, 64}));
    EXPECT_TRUE(plan->views[k.args[2].view].window);
    EXPECT_EQ(k.args[3].scalar.i, (r + 1) % 4);
  }
  EXPECT_EQ(plan->objects[plan->views[plan->launches[0][0].args[2].view].object].name, "buf");
}

TEST(HostPlanTest, ACallWithoutDeviceRunsOnTheFirstDevice) {
  std::unique_ptr<Program> program;
  absl::StatusOr<RunPlan> plan = Plan(R"(        w = pld.window(buf, [1, 64], dtype=pl.FP32)
        self.orch(inputs[1], outputs[1], w, 7)
        return outputs
)", 2, &program);
  ASSERT_TRUE(plan.ok()) << plan.status().message();
  ASSERT_EQ(plan->launches[0].size(), 1u);
  EXPECT_TRUE(plan->launches[1].empty());
  EXPECT_EQ(plan->launches[0][0].args[3].scalar.i, 7);
}

TEST(HostPlanTest, AnSpmdScopeLaunchesItsBlocksTogether) {
  std::unique_ptr<Program> program;
  absl::StatusOr<RunPlan> plan = Plan(R"(        w = pld.window(buf, [1, 64], dtype=pl.FP32)
        with pl.spmd(3):
            self.orch(inputs[0], outputs[0], w, 0, device=0)
        self.orch(inputs[1], outputs[1], w, 1, device=0)
        return outputs
)", 1, &program);
  ASSERT_TRUE(plan.ok()) << plan.status().message();
  ASSERT_EQ(plan->launches[0].size(), 2u);
  EXPECT_EQ(plan->launches[0][0].blocks, 3);
  EXPECT_EQ(plan->launches[0][1].blocks, 1);
}

TEST(HostPlanTest, LaunchesOfOneDeviceKeepTheHostOrder) {
  std::unique_ptr<Program> program;
  absl::StatusOr<RunPlan> plan = Plan(R"(        w = pld.window(buf, [1, 64], dtype=pl.FP32)
        for r in pl.range(2):
            self.orch(inputs[r], outputs[r], w, 0, device=r)
        for r in pl.range(2):
            self.orch(inputs[r + 2], outputs[r], w, 1, device=r)
        return outputs
)", 2, &program);
  ASSERT_TRUE(plan.ok()) << plan.status().message();
  for (int r = 0; r < 2; ++r) {
    ASSERT_EQ(plan->launches[r].size(), 2u);
    EXPECT_EQ(plan->launches[r][0].args[3].scalar.i, 0);
    EXPECT_EQ(plan->launches[r][1].args[3].scalar.i, 1);
  }
}

struct BadCase {
  const char* body;
  const char* message;
};

TEST(HostPlanTest, WhatItDoesNotRunIsALocatedError) {
  const BadCase cases[] = {
      {"        self.orch(inputs[0], outputs[0], pld.window(buf, [1, 64], dtype=pl.FP32), 0, "
       "device=4)\n        return outputs\n",
       "host.py:35:93: error: device 4 is not one of the 4 ranks"},
      {"        self.orch(inputs[0], outputs[0], pld.world_size(), 0, device=0)\n"
       "        return outputs\n",
       "'win' takes a tensor"},
      {"        x = pl.tensor.slice(inputs, [4, 1, 32], [0, 0, 0])\n"
       "        self.orch(x, outputs[0], pld.window(buf, [1, 64], dtype=pl.FP32), 0, device=0)\n"
       "        return outputs\n",
       "this slice is strided"},
      {"        self.orch(inputs[0], outputs[0], pld.window(buf, [2, 64], dtype=pl.FP32), 0, "
       "device=0)\n        return outputs\n",
       "the window needs 512 bytes; its buffer has 256"},
  };
  for (const BadCase& c : cases) {
    std::unique_ptr<Program> program;
    absl::StatusOr<RunPlan> plan = Plan(c.body, 4, &program);
    ASSERT_FALSE(plan.ok()) << c.body;
    EXPECT_NE(plan.status().message().find(c.message), std::string::npos)
        << plan.status().message();
  }
}

}  // namespace
}  // namespace sim
}  // namespace ptoc
