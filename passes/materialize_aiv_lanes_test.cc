#include "passes/materialize_aiv_lanes.h"

#include <memory>
#include <string>

#include "absl/strings/match.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "gtest/gtest.h"
#include "ir/ir.h"
#include "ir/verifier.h"

namespace ptoc {
namespace {

// An a2a3 AIV lane after expand-mixed-kernel: a pop in a branch whose
// condition is a pure scalar of a parameter, then a store.
constexpr char kSingle[] = R"(import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def k_aiv(self, out: pl.Out[pl.Tensor[[16, 16], pl.FP32]], n: pl.Scalar[pl.INDEX]):
        buf: pl.Scalar[pl.INT32] = pl.system.reserve_buffer(name="k_c2v_slot_buffer", size=2048)
        pl.system.aiv_initialize_pipe(buf, 0, dir_mask=1, slot_size=1024)
        big: pl.Scalar[pl.BOOL] = n > 4
        unused: pl.Scalar[pl.INDEX] = n + 1
        if big:
            cv: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.tpop_from_aic()
            r: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.relu(cv)
            pl.system.tfree_to_aic(cv)
            pl.tile.store(r, [0, 0], out)
        pl.system.syncall(core_type="mix")
        pl.system.syncall(core_type="aiv_only")
)";

std::unique_ptr<Program> Parse(const std::string& text) {
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(text, "test.py");
  EXPECT_TRUE(p.ok()) << p.status();
  return p.ok() ? *std::move(p) : nullptr;
}

TEST(MaterializeAivLanes, ReplaysOnlyThePipeProtocol) {
  std::unique_ptr<Program> p = Parse(kSingle);
  ASSERT_NE(p, nullptr);
  absl::StatusOr<bool> changed = MaterializeAivLanesOf(*p, "a2a3");
  ASSERT_TRUE(changed.ok()) << changed.status();
  EXPECT_TRUE(*changed);
  EXPECT_TRUE(VerifyProgram(*p).ok());
  EXPECT_TRUE(CheckAivLanesMaterialized(*p, "a2a3").ok());
  const std::string text = PrintProgram(*p);
  const size_t else_at = text.find("else:");
  ASSERT_NE(else_at, std::string::npos) << text;
  const std::string replay = text.substr(else_at);
  EXPECT_TRUE(absl::StrContains(replay, "big_1: pl.Scalar[pl.BOOL] = n > 4")) << replay;
  EXPECT_TRUE(absl::StrContains(replay, "if big_1:")) << replay;
  EXPECT_TRUE(absl::StrContains(replay, "cv_1: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.tpop_from_aic()")) << replay;
  EXPECT_TRUE(absl::StrContains(replay, "pl.system.tfree_to_aic(cv_1)")) << replay;
  EXPECT_TRUE(absl::StrContains(replay, "pl.system.syncall()")) << replay;
  EXPECT_FALSE(absl::StrContains(replay, "aiv_only")) << replay;
  EXPECT_FALSE(absl::StrContains(replay, "unused")) << replay;
  EXPECT_FALSE(absl::StrContains(replay, "relu")) << replay;
  EXPECT_FALSE(absl::StrContains(replay, "store")) << replay;
  EXPECT_TRUE(absl::StrContains(text, "attrs={\"dual_aiv_dispatch\": True}")) << text;
}

TEST(MaterializeAivLanes, IdempotentAndUnchangedOnA5) {
  std::unique_ptr<Program> p = Parse(kSingle);
  ASSERT_NE(p, nullptr);
  ASSERT_TRUE(MaterializeAivLanesOf(*p, "a2a3").ok());
  const std::string once = PrintProgram(*p);
  absl::StatusOr<bool> again = MaterializeAivLanesOf(*p, "a2a3");
  ASSERT_TRUE(again.ok());
  EXPECT_FALSE(*again);
  EXPECT_EQ(PrintProgram(*p), once);

  std::unique_ptr<Program> a5 = Parse(kSingle);
  ASSERT_NE(a5, nullptr);
  const std::string before = PrintProgram(*a5);
  absl::StatusOr<bool> changed = MaterializeAivLanesOf(*a5, "a5");
  ASSERT_TRUE(changed.ok());
  EXPECT_FALSE(*changed);
  EXPECT_EQ(PrintProgram(*a5), before);
}

TEST(MaterializeAivLanes, KeptHeaderOnADroppedValueIsAnError) {
  std::string text = kSingle;
  const std::string from = "big: pl.Scalar[pl.BOOL] = n > 4";
  text.replace(text.find(from), from.size(),
               "v: pl.Scalar[pl.INDEX] = pl.tensor.read(out, [0, 0])\n"
               "        big: pl.Scalar[pl.BOOL] = v > 4");
  // tensor.read of an FP32 tensor gives FP32; compare against a float.
  text.replace(text.find("v > 4"), 5, "v > 4.0");
  text.replace(text.find("v: pl.Scalar[pl.INDEX]"), 22, "v: pl.Scalar[pl.FP32]");
  std::unique_ptr<Program> p = Parse(text);
  ASSERT_NE(p, nullptr);
  absl::StatusOr<bool> changed = MaterializeAivLanesOf(*p, "a2a3");
  ASSERT_FALSE(changed.ok());
  EXPECT_TRUE(absl::StrContains(changed.status().message(), "test.py:")) << changed.status();
  EXPECT_TRUE(absl::StrContains(changed.status().message(), "condition")) << changed.status();
}

TEST(MaterializeAivLanes, PostConditionWantsTheAttribute) {
  std::unique_ptr<Program> p = Parse(R"(import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIV)
    def lanes(self, out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]):
        lane: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
)");
  ASSERT_NE(p, nullptr);
  EXPECT_FALSE(CheckAivLanesMaterialized(*p, "a2a3").ok());
  ASSERT_TRUE(MaterializeAivLanesOf(*p, "a2a3").ok());
  EXPECT_TRUE(CheckAivLanesMaterialized(*p, "a2a3").ok());
}

}  // namespace
}  // namespace ptoc
