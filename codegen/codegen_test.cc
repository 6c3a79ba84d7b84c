// GenerateCode through the library API: what is emitted, the kernel ABI of
// Group lanes, determinism, the errors, and that every op of the catalog
// has a lowering. The per-op output forms are tested by the lit tests in
// testdata/.
#include "codegen/codegen.h"

#include <memory>
#include <string>

#include "absl/strings/match.h"
#include "codegen/kernel_abi.h"
#include "codegen/op_lowering.h"
#include "frontend/parser.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/registry.h"

namespace ptoc {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::unique_ptr<Program> Parse(const std::string& text) {
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(text, "kernel.py");
  EXPECT_TRUE(p.ok()) << p.status();
  return p.ok() ? *std::move(p) : nullptr;
}

std::string Generate(const Program& p, CodegenTarget target) {
  absl::StatusOr<std::string> code = GenerateCode(p, target);
  EXPECT_TRUE(code.ok()) << code.status();
  return code.ok() ? *code : "";
}

constexpr char kHeader[] =
    "import pypto.language as pl\n"
    "import pypto.language.distributed as pld\n\n\n"
    "@pl.program\n";

// A Group whose AIV lane communicates and whose AIC lane does not.
const std::string kGroup = std::string(kHeader) + R"(class G:
    @pl.function(type=pl.FunctionType.AIC)
    def g_aic(self, win: pld.DistributedTensor[[1, 16], pl.FP32]):
        pl.system.fence()

    @pl.function(type=pl.FunctionType.AIV)
    def g_aiv(self, win: pld.DistributedTensor[[1, 16], pl.FP32]):
        ctx = pld.get_comm_ctx(win)
        me: pl.Scalar[pl.INDEX] = pld.rank(ctx)
        pl.system.syncall(mode="soft")

    @pl.function(type=pl.FunctionType.Group)
    def g(self, win: pld.DistributedTensor[[1, 16], pl.FP32]):
        self.g_aic(win)
        self.g_aiv(win)

    @pl.function(type=pl.FunctionType.Orchestration)
    def host(self, win: pld.DistributedTensor[[1, 16], pl.FP32]):
        self.g(win)
)";

TEST(CodegenTest, EmitsLanesButNotGroupsOrOrchestration) {
  std::unique_ptr<Program> p = Parse(kGroup);
  ASSERT_NE(p, nullptr);
  const std::string pto = Generate(*p, CodegenTarget::kPto);
  EXPECT_THAT(pto, HasSubstr("func.func @g_aic("));
  EXPECT_THAT(pto, HasSubstr("func.func @g_aiv("));
  EXPECT_THAT(pto, Not(HasSubstr("@g(")));
  EXPECT_THAT(pto, Not(HasSubstr("@host(")));
  const std::string cce = Generate(*p, CodegenTarget::kCce);
  EXPECT_THAT(cce, HasSubstr("void g_aic("));
  EXPECT_THAT(cce, Not(HasSubstr("void g(")));
  EXPECT_THAT(cce, Not(HasSubstr("void host(")));
}

TEST(CodegenTest, LanesOfAGroupShareTheirTrailingParameters) {
  std::unique_ptr<Program> p = Parse(kGroup);
  ASSERT_NE(p, nullptr);
  absl::StatusOr<std::vector<codegen::KernelAbi>> abis =
      codegen::ComputeKernelAbis(*p, codegen::Backend::kA2A3);
  ASSERT_TRUE(abis.ok()) << abis.status();
  for (int lane : {0, 1}) {
    EXPECT_TRUE((*abis)[lane].emitted);
    EXPECT_TRUE((*abis)[lane].comm_ctx) << lane;
    EXPECT_TRUE((*abis)[lane].sync_workspace) << lane;
    EXPECT_FALSE((*abis)[lane].gm_pipe_buffer) << lane;
    EXPECT_EQ((*abis)[lane].syncall_slots, 1);
  }
  EXPECT_FALSE((*abis)[2].emitted);
  EXPECT_FALSE((*abis)[3].emitted);
  const std::string pto = Generate(*p, CodegenTarget::kPto);
  EXPECT_THAT(pto, HasSubstr("@g_aic(%win: !pto.ptr<f32>, %comm_ctx: !pto.ptr<i64>, "
                             "%sync_workspace: !pto.ptr<i32>)"));
}

TEST(CodegenTest, SameIrGivesSameBytes) {
  std::unique_ptr<Program> a = Parse(kGroup);
  std::unique_ptr<Program> b = Parse(kGroup);
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  for (CodegenTarget t : {CodegenTarget::kPto, CodegenTarget::kCce}) {
    EXPECT_EQ(Generate(*a, t), Generate(*b, t));
  }
}

TEST(CodegenTest, InCoreIsAnErrorThatSaysWhatToRun) {
  std::unique_ptr<Program> p = Parse(std::string(kHeader) + R"(class K:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[1, 16], pl.FP32]):
        t = pl.tile.load(a, [0, 0], [1, 16])
)");
  ASSERT_NE(p, nullptr);
  for (CodegenTarget t : {CodegenTarget::kPto, CodegenTarget::kCce}) {
    absl::StatusOr<std::string> code = GenerateCode(*p, t);
    ASSERT_FALSE(code.ok());
    EXPECT_THAT(std::string(code.status().message()), HasSubstr("kernel.py:8:5: error:"));
    EXPECT_THAT(std::string(code.status().message()), HasSubstr("run expand-mixed-kernel"));
  }
}

// Kernel code generation declares a loop body's names inside the loop: a
// use after the loop (Python lets the names outlive it) is an error at the
// use, on both targets; a tensor (which names its parameter) is not.
TEST(CodegenTest, UsesAfterALoopOfItsNamesAreErrorsAtTheUse) {
  const std::string head = std::string(kHeader) + R"(class K:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
          n: pl.Scalar[pl.INDEX]):
)";
  struct Case {
    std::string body;
    std::string error;  // empty: compiles
  };
  const Case cases[] = {
      // A body scalar, read after the loop.
      {"        for i in pl.range(n):\n"
       "            m: pl.Scalar[pl.INDEX] = i + 1\n"
       "        t = pl.tile.load(a, [0, 0], [16, 16])\n"
       "        pl.tile.store(t, [0, m], out)\n",
       "kernel.py:13:30: error: 'm' is bound inside the for loop at line 10 and used after it"},
      // A body tile.
      {"        for i in pl.range(4):\n"
       "            t = pl.tile.load(a, [i, 0], [1, 16])\n"
       "        pl.tile.store(t, [0, 0], out)\n",
       "kernel.py:12:23: error: 't' is bound inside the for loop at line 10"},
      // The loop variable.
      {"        t = pl.tile.load(a, [0, 0], [1, 16])\n"
       "        for i in pl.range(4):\n"
       "            pl.tile.store(t, [i, 0], out)\n"
       "        pl.tile.store(t, [i, 0], out)\n",
       "kernel.py:13:27: error: 'i' is bound inside the for loop at line 11"},
      // A leaked name a later loop reads is carried from its value after
      // the first loop: that value is a use after the first loop.
      {"        for i in pl.range(4):\n"
       "            m: pl.Scalar[pl.INDEX] = i + 1\n"
       "        for j in pl.range(n):\n"
       "            m = m + j\n"
       "        t = pl.tile.load(a, [0, m], [16, 16])\n"
       "        pl.tile.store(t, [0, 0], out)\n",
       "kernel.py:12:9: error: 'm' is bound inside the for loop at line 10 and used after it"},
      // Bound before the loop: carried, compiles.
      {"        m: pl.Scalar[pl.INDEX] = 0\n"
       "        for i in pl.range(4):\n"
       "            m = i + 1\n"
       "        t = pl.tile.load(a, [0, m], [16, 16])\n"
       "        pl.tile.store(t, [0, 0], out)\n",
       ""},
      // A tensor the loop rebinds names the Out parameter: compiles.
      {"        for i in pl.range(4):\n"
       "            t = pl.tile.load(a, [i, 0], [1, 16])\n"
       "            o = pl.tile.store(t, [i, 0], out)\n"
       "        u = pl.tile.load(a, [0, 0], [1, 16])\n"
       "        pl.tile.store(u, [0, 0], o)\n",
       ""},
  };
  for (const Case& c : cases) {
    std::unique_ptr<Program> p = Parse(head + c.body);
    ASSERT_NE(p, nullptr) << c.body;
    for (CodegenTarget t : {CodegenTarget::kPto, CodegenTarget::kCce}) {
      absl::StatusOr<std::string> code = GenerateCode(*p, t);
      if (c.error.empty()) {
        EXPECT_TRUE(code.ok()) << code.status() << "\n" << c.body;
      } else {
        ASSERT_FALSE(code.ok()) << c.body;
        EXPECT_THAT(std::string(code.status().message()), HasSubstr(c.error)) << c.body;
      }
    }
  }
}

TEST(CodegenTest, LanesOfAGroupMustTakeTheSameParameters) {
  std::unique_ptr<Program> p = Parse(std::string(kHeader) + R"(class K:
    @pl.function(type=pl.FunctionType.AIC)
    def k_aic(self, a: pl.Tensor[[1, 16], pl.FP32]):
        pl.system.fence()

    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, a: pl.Tensor[[1, 32], pl.FP32]):
        pl.system.fence()

    @pl.function(type=pl.FunctionType.Group)
    def k(self, a: pl.Tensor[[1, 16], pl.FP32], b: pl.Tensor[[1, 32], pl.FP32]):
        self.k_aic(a)
        self.k_aiv(b)
)");
  ASSERT_NE(p, nullptr);
  absl::StatusOr<std::string> code = GenerateCode(*p, CodegenTarget::kPto);
  ASSERT_FALSE(code.ok());
  EXPECT_THAT(std::string(code.status().message()), HasSubstr("take different parameters"));
}

TEST(CodegenTest, UnknownRecordedBackendIsAnError) {
  std::unique_ptr<Program> p = Parse(kGroup);
  ASSERT_NE(p, nullptr);
  p->options.backend = "a9";
  absl::StatusOr<std::string> code = GenerateCode(*p, CodegenTarget::kCce);
  ASSERT_FALSE(code.ok());
  EXPECT_THAT(std::string(code.status().message()), HasSubstr("unknown backend 'a9'"));
}

TEST(CodegenTest, EveryOpOfTheCatalogHasALowering) {
  const std::vector<codegen::OpLowering>& table = codegen::AllLowerings();
  const int count = static_cast<int>(table.size());
  int compiled = 0;
  for (const OpInfo* op : OpRegistry::Get().All()) {
    bool found = false;
    for (const codegen::OpLowering& l : table) found |= l.op == op->name;
    // PyPTO's ops ptoc does not compile yet have none (codegen rejects them).
    EXPECT_EQ(found, op->compiled) << op->name;
    compiled += op->compiled ? 1 : 0;
  }
  EXPECT_EQ(count, compiled);
}

}  // namespace
}  // namespace ptoc
