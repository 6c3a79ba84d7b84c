// frontend/layout.h against ruff: each expected layout is what ruff 0.14.9's
// formatter (`ruff format --line-length N`, magic trailing commas ignored)
// prints for the statement at the same depth and line length.
#include "frontend/layout.h"

#include <string>
#include <vector>

#include "frontend/layout_doc.h"
#include "gtest/gtest.h"

namespace ptoc {
namespace {

struct Case {
  int width;
  const char* flat;
  const char* laid_out;  // at depth 2
};

class LayoutStatementTest : public ::testing::TestWithParam<Case> {};

TEST_P(LayoutStatementTest, AsRuffLaysItOut) {
  const Case& c = GetParam();
  EXPECT_EQ(LayoutStatement(2, c.flat, c.width), c.laid_out) << c.flat;
}

INSTANTIATE_TEST_SUITE_P(
    Ruff, LayoutStatementTest,
    ::testing::Values(
        // A statement that fits stays on one line.
        Case{60, "x = pl.tile.load(t, [0, 0], [16, 16])",
             "        x = pl.tile.load(t, [0, 0], [16, 16])\n"},
        // Right-hand bracket split; the arguments on one line when they fit.
        Case{40, "x = pl.tile.load(tensor_a, [0, 0], [16, 16])",
             "        x = pl.tile.load(\n"
             "            tensor_a, [0, 0], [16, 16]\n"
             "        )\n"},
        // Else one a line with a trailing comma; inner brackets stay whole.
        Case{60, "x = pl.tile.load(tensor_a, [row_offset, col_offset], [16, 16], target_memory=pl.Mem.Vec)",
             "        x = pl.tile.load(\n"
             "            tensor_a,\n"
             "            [row_offset, col_offset],\n"
             "            [16, 16],\n"
             "            target_memory=pl.Mem.Vec,\n"
             "        )\n"},
        // Nested: a single argument gets no trailing comma.
        Case{60, "pl.tile.store(pl.tile.add(aaaaaaaaaaaaaaaaaaaaaa, bbbbbbbbbbbbbbbbbbbbbbbb))",
             "        pl.tile.store(\n"
             "            pl.tile.add(\n"
             "                aaaaaaaaaaaaaaaaaaaaaa,\n"
             "                bbbbbbbbbbbbbbbbbbbbbbbb,\n"
             "            )\n"
             "        )\n"},
        // A list breaks one element a line at once.
        Case{47, "x = [aaaaaaaaaa, bbbbbbbbbb, cccccccccc]",
             "        x = [\n"
             "            aaaaaaaaaa,\n"
             "            bbbbbbbbbb,\n"
             "            cccccccccc,\n"
             "        ]\n"},
        // An annotation that does not fit up to the value's bracket breaks;
        // a subscript's elements go on one line when they fit.
        Case{60, "t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec] = pl.tile.add(a, b)",
             "        t: pl.Tile[\n"
             "            [16, 16], pl.FP32, pl.MemorySpace.Vec\n"
             "        ] = pl.tile.add(a, b)\n"},
        // A call value goes inside parentheses when the line fits up to " = (".
        Case{60, "t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.exp(aaaaaaaaa)",
             "        t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = (\n"
             "            pl.tile.exp(aaaaaaaaa)\n"
             "        )\n"},
        Case{60, "t: pl.Tile[[16, 16], pl.FP32, pl.MemorySpace.Vec, pl.TileView(valid_shape=[8, 8])] = a",
             "        t: pl.Tile[\n"
             "            [16, 16],\n"
             "            pl.FP32,\n"
             "            pl.MemorySpace.Vec,\n"
             "            pl.TileView(valid_shape=[8, 8]),\n"
             "        ] = a\n"},
        // Operator expressions: parentheses left out when a bracket makes it fit.
        Case{60, "row: pl.Scalar[pl.INDEX] = (step * 4 + branch) * 32 + offset_value",
             "        row: pl.Scalar[pl.INDEX] = (\n"
             "            step * 4 + branch\n"
             "        ) * 32 + offset_value\n"},
        Case{60, "row: pl.Scalar[pl.INDEX] = pl.const(0, pl.INDEX) * pl.const(16, pl.INDEX)",
             "        row: pl.Scalar[pl.INDEX] = pl.const(\n"
             "            0, pl.INDEX\n"
             "        ) * pl.const(16, pl.INDEX)\n"},
        Case{50, "row: pl.Scalar[pl.INDEX] = row_base * 4 + column_base * 2 + 1",
             "        row: pl.Scalar[pl.INDEX] = (\n"
             "            row_base * 4 + column_base * 2 + 1\n"
             "        )\n"},
        Case{60, "return mi_out_value, li_out_value, oi_out_value, dst_out_value",
             "        return (\n"
             "            mi_out_value,\n"
             "            li_out_value,\n"
             "            oi_out_value,\n"
             "            dst_out_value,\n"
             "        )\n"},
        Case{60, "for i, (acc_a, acc_b) in pl.range(16, init_values=(acc_a_init, acc_b_init)):",
             "        for i, (acc_a, acc_b) in pl.range(\n"
             "            16, init_values=(acc_a_init, acc_b_init)\n"
             "        ):\n"},
        // Brackets and commas inside a string are text.
        Case{60, "pl.f(name=\"a, [b], (c)\", other=\"ddddddddddddddddddddddddddddddddd\")",
             "        pl.f(\n"
             "            name=\"a, [b], (c)\",\n"
             "            other=\"ddddddddddddddddddddddddddddddddd\",\n"
             "        )\n"},
        // A wide character takes two columns.
        Case{40, "pl.f(n=\"名前名前名前名前名前\", b=1)",
             "        pl.f(\n"
             "            n=\"名前名前名前名前名前\",\n"
             "            b=1,\n"
             "        )\n"}));

TEST(LayoutSignatureTest, FitsOnOneLine) {
  EXPECT_EQ(LayoutSignature(1, "k2", {"self"}, "pl.Tensor[[16, 16], pl.FP32]", 60),
            "    def k2(self) -> pl.Tensor[[16, 16], pl.FP32]:\n");
}

TEST(LayoutSignatureTest, ParametersOnOneLineInsideTheParentheses) {
  const std::vector<std::string> params = {"self", "a: pl.Tensor[[16, 16], pl.FP32]",
                                           "out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]"};
  EXPECT_EQ(LayoutSignature(1, "kernel", params, "pl.Tensor[[16, 16], pl.FP32]", 100),
            "    def kernel(\n"
            "        self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]\n"
            "    ) -> pl.Tensor[[16, 16], pl.FP32]:\n");
  EXPECT_EQ(LayoutSignature(1, "kernel", params, "pl.Tensor[[16, 16], pl.FP32]", 80),
            "    def kernel(\n"
            "        self,\n"
            "        a: pl.Tensor[[16, 16], pl.FP32],\n"
            "        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]],\n"
            "    ) -> pl.Tensor[[16, 16], pl.FP32]:\n");
}

TEST(TextWidthTest, WideCharactersTakeTwoColumns) {
  EXPECT_EQ(TextWidth("abc"), 3);
  EXPECT_EQ(TextWidth("名前"), 4);
  EXPECT_EQ(TextWidth("é"), 1);
}

}  // namespace
}  // namespace ptoc
