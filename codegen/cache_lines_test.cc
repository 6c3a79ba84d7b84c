#include "codegen/cache_lines.h"

#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace ptoc {
namespace codegen {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<MaybeInt> Dims(std::initializer_list<int64_t> v) {
  return std::vector<MaybeInt>(v.begin(), v.end());
}

// (line, offsets, elements) of each line, for compact expectations.
struct Line {
  int64_t line;
  std::vector<int64_t> offsets;
  int64_t elements;
  bool operator==(const Line& o) const {
    return line == o.line && offsets == o.offsets && elements == o.elements;
  }
  friend std::ostream& operator<<(std::ostream& os, const Line& l) {
    os << "{line " << l.line << " at [";
    for (int64_t o : l.offsets) os << o << ",";
    return os << "] x" << l.elements << "}";
  }
};

std::vector<Line> Lines(const RegionLines& r) {
  std::vector<Line> out;
  for (const LineAccess& a : r.lines) out.push_back(Line{a.line, a.offsets, a.elements});
  return out;
}

RegionLines Compute(std::vector<MaybeInt> shape, int bytes, std::vector<MaybeInt> offsets,
                    std::vector<MaybeInt> sizes) {
  absl::StatusOr<RegionLines> r = LinesOfRegion(shape, bytes, offsets, sizes);
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? *r : RegionLines{};
}

TEST(CacheLinesTest, OneFullRowIsOneLine) {
  // 16 fp32 = 64 bytes: row 2 of a [4, 16] tensor is line 2.
  RegionLines r = Compute(Dims({4, 16}), 4, Dims({2, 0}), Dims({1, 16}));
  EXPECT_FALSE(r.whole_gm);
  EXPECT_THAT(Lines(r), ElementsAre(Line{2, {2, 0}, 16}));
}

TEST(CacheLinesTest, PartOfALineIsThatLine) {
  RegionLines r = Compute(Dims({1, 256}), 4, Dims({0, 5}), Dims({1, 4}));
  EXPECT_THAT(Lines(r), ElementsAre(Line{0, {0, 5}, 4}));
}

TEST(CacheLinesTest, ARowCrossingALineBoundaryTouchesBoth) {
  // Elements 12..19 are bytes 48..79: lines 0 and 1.
  RegionLines r = Compute(Dims({1, 256}), 4, Dims({0, 12}), Dims({1, 8}));
  EXPECT_THAT(Lines(r), ElementsAre(Line{0, {0, 12}, 4}, Line{1, {0, 16}, 4}));
}

TEST(CacheLinesTest, RowsSharingALineCountOnce) {
  // Four 16-byte rows fill one line; the view is based at the first.
  RegionLines r = Compute(Dims({8, 4}), 4, Dims({0, 0}), Dims({4, 4}));
  EXPECT_THAT(Lines(r), ElementsAre(Line{0, {0, 0}, 4}));
}

TEST(CacheLinesTest, SeveralRowsAndLinesInAddressOrder) {
  // Rows of 128 bytes; columns 12..19 of rows 1 and 2.
  RegionLines r = Compute(Dims({4, 32}), 4, Dims({1, 12}), Dims({2, 8}));
  EXPECT_THAT(Lines(r), ElementsAre(Line{2, {1, 12}, 4}, Line{3, {1, 16}, 4},
                                    Line{4, {2, 12}, 4}, Line{5, {2, 16}, 4}));
}

TEST(CacheLinesTest, LineSharedByTheEndOfOneRowAndTheStartOfTheNext) {
  // fp16 rows of 96 bytes: row 0 is lines 0-1, row 1 lines 1-2.
  RegionLines r = Compute(Dims({2, 48}), 2, Dims({0, 0}), Dims({2, 48}));
  EXPECT_THAT(Lines(r), ElementsAre(Line{0, {0, 0}, 32}, Line{1, {0, 32}, 16},
                                    Line{2, {1, 16}, 32}));
}

TEST(CacheLinesTest, OneDimensionalBytes) {
  RegionLines r = Compute(Dims({100}), 1, Dims({10}), Dims({70}));
  EXPECT_THAT(Lines(r), ElementsAre(Line{0, {10}, 54}, Line{1, {64}, 16}));
}

TEST(CacheLinesTest, EightByteElementsAcrossRows) {
  // [3, 3] int64: elements 4,5 (bytes 32..47) and 7,8 (bytes 56..71).
  RegionLines r = Compute(Dims({3, 3}), 8, Dims({1, 1}), Dims({2, 2}));
  EXPECT_THAT(Lines(r), ElementsAre(Line{0, {1, 1}, 2}, Line{1, {2, 2}, 1}));
}

TEST(CacheLinesTest, SixteenLinesAreStillSingleLineInvalidates) {
  RegionLines r = Compute(Dims({1, 256}), 4, Dims({0, 0}), Dims({1, 256}));
  EXPECT_FALSE(r.whole_gm);
  ASSERT_EQ(r.lines.size(), 16u);
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(Lines(r)[i], (Line{i, {0, 16 * i}, 16}));
  }
}

TEST(CacheLinesTest, MoreThanSixteenLinesFallBackToWholeGm) {
  RegionLines r = Compute(Dims({1, 272}), 4, Dims({0, 0}), Dims({1, 272}));
  EXPECT_TRUE(r.whole_gm);
  EXPECT_THAT(r.fallback_reason, HasSubstr("more than 16 cache lines"));
}

TEST(CacheLinesTest, ManyRowsFallBackWithoutWalkingThemAll) {
  RegionLines r = Compute(Dims({1000000, 16}), 4, Dims({0, 0}), Dims({1000000, 16}));
  EXPECT_TRUE(r.whole_gm);
}

TEST(CacheLinesTest, ARunAtARunTimeOffsetIsALineLoop) {
  RegionLines r = Compute(Dims({8, 16}), 4, {std::nullopt, 0}, Dims({1, 16}));
  EXPECT_FALSE(r.whole_gm);
  EXPECT_TRUE(r.line_loop);
  EXPECT_TRUE(r.lines.empty());
  EXPECT_EQ(r.run_elements, 16);
  EXPECT_EQ(r.elements_per_line, 16);
  RegionLines half = Compute(Dims({1, 256}), 2, {0, std::nullopt}, Dims({1, 64}));
  EXPECT_TRUE(half.line_loop);
  EXPECT_EQ(half.elements_per_line, 32);
}

TEST(CacheLinesTest, RunTimeRegionsThatAreNotOneShortRunFallBack) {
  RegionLines rows = Compute(Dims({8, 16}), 4, {std::nullopt, 0}, Dims({2, 16}));
  EXPECT_TRUE(rows.whole_gm);
  EXPECT_THAT(rows.fallback_reason, HasSubstr("not known at compile time"));
  RegionLines size = Compute(Dims({8, 16}), 4, Dims({0, 0}), {1, std::nullopt});
  EXPECT_TRUE(size.whole_gm);
  // 256 fp32 may start 60 bytes into a line: 17 lines.
  RegionLines longer = Compute(Dims({1, 1024}), 4, {0, std::nullopt}, Dims({1, 256}));
  EXPECT_TRUE(longer.whole_gm);
  EXPECT_THAT(longer.fallback_reason, HasSubstr("may touch more than 16"));
  RegionLines shorter = Compute(Dims({1, 1024}), 4, {0, std::nullopt}, Dims({1, 240}));
  EXPECT_TRUE(shorter.line_loop);
  RegionLines empty = Compute(Dims({8, 16}), 4, {std::nullopt, 0}, Dims({1, 0}));
  EXPECT_FALSE(empty.whole_gm || empty.line_loop);
  EXPECT_TRUE(empty.lines.empty());
}

TEST(CacheLinesTest, DynamicStridesLoopButADynamicOuterDimCounts) {
  RegionLines strides = Compute({8, std::nullopt}, 4, Dims({0, 0}), Dims({1, 4}));
  EXPECT_TRUE(strides.line_loop);
  RegionLines rows = Compute({8, std::nullopt}, 4, Dims({0, 0}), Dims({2, 4}));
  EXPECT_TRUE(rows.whole_gm);
  EXPECT_THAT(rows.fallback_reason, HasSubstr("strides"));
  RegionLines outer = Compute({std::nullopt, 16}, 4, Dims({3, 0}), Dims({1, 16}));
  EXPECT_FALSE(outer.whole_gm || outer.line_loop);
  EXPECT_THAT(Lines(outer), ElementsAre(Line{3, {3, 0}, 16}));
}

TEST(CacheLinesTest, EmptyRegionTouchesNothing) {
  RegionLines r = Compute(Dims({4, 16}), 4, Dims({1, 0}), Dims({0, 16}));
  EXPECT_FALSE(r.whole_gm);
  EXPECT_TRUE(r.lines.empty());
}

TEST(CacheLinesTest, BadRegionsAreErrors) {
  EXPECT_THAT(LinesOfRegion(Dims({4, 16}), 4, Dims({3, 0}), Dims({2, 16})).status().message(),
              HasSubstr("outside the tensor"));
  EXPECT_FALSE(LinesOfRegion(Dims({4, 16}), 4, Dims({-1, 0}), Dims({1, 16})).ok());
  EXPECT_FALSE(LinesOfRegion(Dims({4, 16}), 4, Dims({0}), Dims({1, 16})).ok());
  EXPECT_FALSE(LinesOfRegion(Dims({4, 16}), 3, Dims({0, 0}), Dims({1, 16})).ok());
}

}  // namespace
}  // namespace codegen
}  // namespace ptoc
