#include "passes/infer_tile_memory_space.h"

#include <memory>
#include <string>

#include "absl/strings/match.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "gtest/gtest.h"
#include "ir/ir.h"
#include "ir/output_returns.h"
#include "ir/registry.h"
#include "ir/verifier.h"

namespace ptoc {
namespace {

std::unique_ptr<Program> Parse(const std::string& text) {
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(text, "test.py");
  EXPECT_TRUE(p.ok()) << p.status();
  return p.ok() ? *std::move(p) : nullptr;
}

std::string Kernel(const std::string& body) {
  return "import pypto.language as pl\n\n@pl.program\nclass P:\n"
         "    @pl.function(type=pl.FunctionType.InCore)\n"
         "    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], "
         "pl.FP32]]):\n" + body;
}

TEST(MemorySpecs, RegistryHoldsPyptosRules) {
  const OpInfo* matmul = OpRegistry::Get().Find("tile.matmul");
  ASSERT_NE(matmul, nullptr);
  EXPECT_EQ(matmul->memory.output, MemorySpec::Output::kFixed);
  EXPECT_EQ(matmul->memory.fixed, MemorySpace::kAcc);
  ASSERT_EQ(matmul->memory.inputs.size(), 2u);
  EXPECT_EQ(matmul->memory.inputs[0], std::vector<MemorySpace>{MemorySpace::kLeft});
  EXPECT_EQ(matmul->memory.inputs[1], std::vector<MemorySpace>{MemorySpace::kRight});
  const OpInfo* store = OpRegistry::Get().Find("tile.store");
  ASSERT_NE(store, nullptr);
  ASSERT_FALSE(store->memory.inputs.empty());
  EXPECT_EQ(store->memory.inputs[0],
            (std::vector<MemorySpace>{MemorySpace::kVec, MemorySpace::kAcc}));
  EXPECT_EQ(OpRegistry::Get().Find("tile.load")->memory.output,
            MemorySpec::Output::kFromAttr);
  EXPECT_EQ(OpRegistry::Get().Find("tile.reshape")->memory.output,
            MemorySpec::Output::kInheritInput);
  EXPECT_EQ(OpRegistry::Get().Find("tile.and_")->memory.output, MemorySpec::Output::kFixed);
}

TEST(InferTileMemorySpace, GivesEveryTileASpaceAndVerifies) {
  std::unique_ptr<Program> p = Parse(Kernel(
      "        z: pl.Tile[[16, 16], pl.FP32] = pl.tile.full([16, 16], pl.FP32, 0.0)\n"
      "        s: pl.Tile[[16, 16], pl.FP32] = pl.tile.add(z, z)\n"
      "        pl.store(s, [0, 0], out)\n"));
  ASSERT_NE(p, nullptr);
  absl::StatusOr<bool> changed = InferTileMemorySpaces(*p);
  ASSERT_TRUE(changed.ok()) << changed.status();
  EXPECT_TRUE(*changed);
  EXPECT_TRUE(VerifyProgram(*p).ok()) << VerifyProgram(*p);
  EXPECT_TRUE(InferTileMemorySpace().VerifyAfter(*p).ok());
  for (const auto& v : p->functions[0]->vars) {
    if (v->type.is_tile()) {
      EXPECT_TRUE(v->type.has_memory()) << v->name;
      EXPECT_EQ(v->type.memory(), MemorySpace::kVec) << v->name;
    }
  }
  // Idempotent: a second run changes nothing.
  const std::string once = PrintProgram(*p);
  absl::StatusOr<bool> again = InferTileMemorySpaces(*p);
  ASSERT_TRUE(again.ok());
  EXPECT_FALSE(*again);
  EXPECT_EQ(PrintProgram(*p), once);
}

TEST(InferTileMemorySpace, LeavesProgramsWithSpacesAlone) {
  std::unique_ptr<Program> p = Parse(Kernel(
      "        t: pl.Tile[[16, 16], pl.FP32] = pl.load(x, [0, 0], [16, 16])\n"
      "        pl.store(t, [0, 0], out)\n"));
  ASSERT_NE(p, nullptr);
  const std::string before = PrintProgram(*p);
  absl::StatusOr<bool> changed = InferTileMemorySpaces(*p);
  ASSERT_TRUE(changed.ok());
  EXPECT_FALSE(*changed);
  EXPECT_EQ(PrintProgram(*p), before);
}

TEST(OutputReturns, ReturnOfAStoreIntoAnOutParameter) {
  std::unique_ptr<Program> p = Parse(
      "import pypto.language as pl\n\n@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def k(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], "
      "pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:\n"
      "        t: pl.Tile[[16, 16], pl.FP32] = pl.load(x, [0, 0], [16, 16])\n"
      "        return pl.store(t, [0, 0], out)\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def j(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:\n"
      "        return x\n");
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(HasOnlyOutputParamReturns(*p->functions[0]));
  // An input returned unchanged: the caller holds it too.
  EXPECT_TRUE(HasOnlyOutputParamReturns(*p->functions[1]));
  EXPECT_TRUE(HoistOutputReturns(*p));
  EXPECT_TRUE(VerifyProgram(*p).ok()) << VerifyProgram(*p);
  const std::string text = PrintProgram(*p);
  EXPECT_TRUE(absl::StrContains(text, "out_ret = pl.tile.store(t, [0, 0], out)"))
      << text;
  EXPECT_TRUE(absl::StrContains(text, "return out_ret")) << text;
  EXPECT_TRUE(absl::StrContains(text, "return x")) << text;
  EXPECT_FALSE(HoistOutputReturns(*p));
}

}  // namespace
}  // namespace ptoc
