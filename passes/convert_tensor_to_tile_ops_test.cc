#include "passes/convert_tensor_to_tile_ops.h"

#include <memory>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/string_view.h"
#include "gtest/gtest.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "ir/ir.h"
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
         "    def k(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:\n" +
         body;
}

// Every tile form names a registered tile op, and only tensor ops have one.
TEST(TileForms, NameRegisteredTileOps) {
  int forms = 0;
  for (const OpInfo* op : OpRegistry::Get().All()) {
    if (op->tile_form.kind == TileForm::Kind::kNone) continue;
    ++forms;
    EXPECT_TRUE(absl::StartsWith(op->name, "tensor.") || absl::StartsWith(op->name, "pld.tensor."))
        << op->name;
    const OpInfo* tile = OpRegistry::Get().Find(op->tile_form.op);
    ASSERT_NE(tile, nullptr) << op->name << " -> " << op->tile_form.op;
    EXPECT_TRUE(absl::StrContains(tile->name, "tile.")) << tile->name;
    for (int i : op->tile_form.tile_args) {
      EXPECT_LT(i, static_cast<int>(op->params.size())) << op->name;
    }
  }
  EXPECT_GT(forms, 60);
  EXPECT_EQ(OpRegistry::Get().Find("tensor.view")->tile_form.kind, TileForm::Kind::kNone);
}

// Tile code, and a slice only GM ops read (a GM view), are left alone.
TEST(ConvertTensorToTileOps, TileKernelIsUnchanged) {
  auto p = Parse(
      Kernel("        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.load(x, [0, 0], [16, 16])\n"
             "        sub = pl.tensor.slice(x, [8, 16], [8, 0])\n"
             "        u: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec] = pl.load(sub, [0, 0], [8, 16])\n"
             "        return x\n"));
  ASSERT_NE(p, nullptr);
  const std::string before = PrintProgram(*p);
  absl::StatusOr<bool> changed = ConvertTensorsToTiles(*p);
  ASSERT_TRUE(changed.ok()) << changed.status();
  EXPECT_FALSE(*changed);
  EXPECT_EQ(PrintProgram(*p), before);
}

// The converted kernel verifies, meets the pass's post-condition, and a
// second run changes nothing.
TEST(ConvertTensorToTileOps, ConvertsOnceAndVerifies) {
  auto p =
      Parse(Kernel("        y = pl.mul(x, x)\n"
                   "        z = pl.adds(y, 1.0)\n"
                   "        return z\n"));
  ASSERT_NE(p, nullptr);
  absl::StatusOr<bool> changed = ConvertTensorsToTiles(*p);
  ASSERT_TRUE(changed.ok()) << changed.status();
  EXPECT_TRUE(*changed);
  EXPECT_TRUE(VerifyProgram(*p).ok()) << VerifyProgram(*p);
  EXPECT_TRUE(ConvertTensorToTileOps().VerifyAfter(*p).ok());
  const std::string text = PrintProgram(*p);
  EXPECT_TRUE(absl::StrContains(text,
                                "z_tile: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = "
                                "pl.tile.adds(y_tile, 1.0)"))
      << text;
  EXPECT_TRUE(absl::StrContains(text, "ret0_out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]")) << text;
  absl::StatusOr<bool> again = ConvertTensorsToTiles(*p);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_FALSE(*again);
}

TEST(ConvertTensorToTileOps, VerifyAfterRejectsATensorComputation) {
  auto p = Parse(Kernel("        y = pl.add(x, x)\n        return y\n"));
  ASSERT_NE(p, nullptr);
  absl::Status s = ConvertTensorToTileOps().VerifyAfter(*p);
  EXPECT_FALSE(s.ok());
  EXPECT_TRUE(absl::StrContains(s.message(), "still computes with 'tensor.add'")) << s;
}

}  // namespace
}  // namespace ptoc
