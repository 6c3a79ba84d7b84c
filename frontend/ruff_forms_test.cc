// The statement layouts ruff gives long lines (and ptoc's printer prints,
// frontend/layout.h) read back: a value, a returned tuple or a loop's iterable
// inside parentheses of their own, a type element's operators spaced.
#include <memory>
#include <string>

#include "frontend/parser.h"
#include "frontend/printer.h"
#include "frontend/testing/pypto_test_util.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace ptoc {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr const char* kHead = pypto_test::kProgramHead;

TEST(RuffFormsTest, ParenthesizedValueTakesItsTypeFromTheAnnotation) {
  const std::string text = std::string(kHead) +
                           "    @pl.function(type=pl.FunctionType.AIC)\n"
                           "    def k(self):\n"
                           "        t: pl.Tile[[16, 16], pl.FP16, pl.MemorySpace.Mat] = (\n"
                           "            pl.tile.tpop_from_aiv()\n"
                           "        )\n"
                           "        pl.system.tfree_to_aiv(t)\n";
  EXPECT_THAT(pypto_test::RoundTrip(text),
              HasSubstr("t: pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat] = pl.tile.tpop_from_aiv()\n"));
}

TEST(RuffFormsTest, ParenthesizedReturnedTupleReturnsItsElements) {
  const std::string text = std::string(kHead) +
                           "    @pl.function\n"
                           "    def f(self, a: pl.Scalar[pl.INDEX], b: pl.Scalar[pl.INDEX]) -> "
                           "tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]]:\n"
                           "        return (\n"
                           "            a,\n"
                           "            b,\n"
                           "        )\n";
  EXPECT_THAT(pypto_test::RoundTrip(text), HasSubstr("        return a, b\n"));
}

TEST(RuffFormsTest, ParenthesizedIterables) {
  const std::string text = std::string(kHead) +
                           "    @pl.function\n"
                           "    def f(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
                           "        for i, (acc,) in (\n"
                           "            pl.range(4, init_values=(n,))\n"
                           "        ):\n"
                           "            acc_out = pl.yield_(acc + i)\n"
                           "        for a, b in (\n"
                           "            pl.while_(init_values=(acc_out, n))\n"
                           "        ):\n"
                           "            pl.cond(a < 4)\n"
                           "            a_out, b_out = pl.yield_(a + 1, b)\n"
                           "        return a_out\n";
  const std::string printed = pypto_test::RoundTrip(text);
  EXPECT_THAT(printed, HasSubstr("for i, (acc,) in pl.range(4, init_values=(n,)):\n"));
  EXPECT_THAT(printed, HasSubstr("for a, b in pl.while_(init_values=(acc_out, n)):\n"));
}

TEST(RuffFormsTest, TypeElementOperatorsAreSpaced) {
  const std::string text = std::string(kHead) +
                           "    @pl.function\n"
                           "    def f(self, a: pl.Tensor[[64, 64], pl.FP32, "
                           "pl.TensorView(valid_shape=[64, 16*2], layout=pl.TensorLayout.ND)]):\n"
                           "        pass\n";
  const std::string printed = pypto_test::RoundTrip(text);
  EXPECT_THAT(printed, HasSubstr("valid_shape=[64, 16 * 2]"));
  EXPECT_THAT(printed, Not(HasSubstr("16*2")));
}

TEST(RuffFormsTest, NarrowLayoutsReadBack) {
  // Every statement broken somewhere: the print at 40 columns reads back
  // as the same program.
  const std::string text = std::string(kHead) +
                           "    @pl.function(type=pl.FunctionType.InCore)\n"
                           "    def kernel(self, a: pl.Tensor[[16, 16], pl.FP32], "
                           "out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> "
                           "pl.Tensor[[16, 16], pl.FP32]:\n"
                           "        t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = "
                           "pl.tile.load(a, [0, 0], [16, 16])\n"
                           "        u: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = "
                           "pl.tile.add(t, t)\n"
                           "        out_1 = pl.tile.store(u, [0, 0], out)\n"
                           "        return out_1\n";
  std::unique_ptr<Program> p = pypto_test::ParseVerified(text);
  ASSERT_NE(p, nullptr);
  PrintOptions narrow;
  narrow.line_length = 40;
  const std::string laid_out = PrintProgram(*p, narrow);
  EXPECT_THAT(laid_out, HasSubstr("    def kernel(\n        self,\n"));
  absl::StatusOr<std::unique_ptr<Program>> back = ParseProgram(laid_out, "narrow.py");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(PrintProgram(**back), PrintProgram(*p));
}

}  // namespace
}  // namespace ptoc
