#include "runtime/values.h"

#include <cmath>

#include "gtest/gtest.h"

namespace ptoc {
namespace sim {
namespace {

TEST(HalfTest, RoundsToNearestEven) {
  EXPECT_EQ(FloatToHalf(1.0f), 0x3C00);
  EXPECT_EQ(FloatToHalf(-2.0f), 0xC000);
  EXPECT_EQ(FloatToHalf(65504.0f), 0x7BFF);            // largest finite
  EXPECT_EQ(FloatToHalf(65520.0f), 0x7C00);            // halfway past it: inf
  EXPECT_EQ(FloatToHalf(1.0f + std::ldexp(1.0f, -11)), 0x3C00);      // tie: even
  EXPECT_EQ(FloatToHalf(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3C02);  // tie: even (up)
  EXPECT_EQ(FloatToHalf(std::ldexp(1.0f, -24)), 0x0001);             // smallest subnormal
  EXPECT_EQ(FloatToHalf(std::ldexp(1.0f, -25)), 0x0000);             // tie: even (zero)
  EXPECT_EQ(FloatToHalf(3 * std::ldexp(1.0f, -25)), 0x0002);         // tie: even (up)
  EXPECT_EQ(FloatToHalf(std::ldexp(1.0f, -14)), 0x0400);             // smallest normal
}

TEST(HalfTest, DecodesEveryClass) {
  EXPECT_EQ(HalfToFloat(0x3C00), 1.0f);
  EXPECT_EQ(HalfToFloat(0x0001), std::ldexp(1.0f, -24));
  EXPECT_EQ(HalfToFloat(0x8400), -std::ldexp(1.0f, -14));
  EXPECT_TRUE(std::isinf(HalfToFloat(0x7C00)));
  EXPECT_TRUE(std::isnan(HalfToFloat(0x7E00)));
  for (uint32_t h = 0; h < 0x7C00; ++h) {  // every finite positive half survives a round trip
    ASSERT_EQ(FloatToHalf(HalfToFloat(static_cast<uint16_t>(h))), h);
  }
}

TEST(Bf16Test, RoundsToNearestEven) {
  EXPECT_EQ(FloatToBf16(1.0f), 0x3F80);
  EXPECT_EQ(FloatToBf16(1.0f + std::ldexp(1.0f, -8)), 0x3F80);      // tie: even
  EXPECT_EQ(FloatToBf16(1.0f + 3 * std::ldexp(1.0f, -8)), 0x3F82);  // tie: even (up)
  EXPECT_EQ(Bf16ToFloat(0x3F82), 1.0f + std::ldexp(1.0f, -6));
  EXPECT_TRUE(std::isnan(Bf16ToFloat(FloatToBf16(std::nanf("")))));
}

TEST(RoundToDTypeTest, MatchesTheDeviceFormats) {
  EXPECT_EQ(RoundToDType(0.1, DType::kFP32), static_cast<double>(0.1f));
  EXPECT_EQ(RoundToDType(1.0 + 1.0 / 4096, DType::kFP16), 1.0);
  EXPECT_EQ(RoundToDType(1.0 + 1.0 / 128, DType::kBF16), 1.0078125);
  EXPECT_EQ(RoundToDType(200, DType::kINT8), -56);
  EXPECT_EQ(RoundToDType(-1, DType::kUINT8), 255);
  EXPECT_EQ(RoundToDType(-2.7, DType::kINT32), -2);
  EXPECT_EQ(RoundToDType(3, DType::kBOOL), 1);
}

TEST(EncodingTest, RoundTripsEveryDType) {
  for (DType d : {DType::kFP32, DType::kFP16, DType::kBF16, DType::kINT8, DType::kINT16,
                  DType::kINT32, DType::kINT64, DType::kUINT8, DType::kUINT16, DType::kUINT32,
                  DType::kUINT64, DType::kINDEX}) {
    uint8_t bytes[8] = {};
    EncodeElement(-3.0 + (IsFloatDType(d) ? 0.5 : 0), d, bytes);
    double back = DecodeElement(bytes, d);
    double want = RoundToDType(-3.0 + (IsFloatDType(d) ? 0.5 : 0), d);
    EXPECT_EQ(back, want) << DTypeName(d);
  }
  uint8_t bytes[8];
  EncodeInt(int64_t{1} << 60 | 7, DType::kINT64, bytes);
  EXPECT_EQ(DecodeInt(bytes, DType::kINT64), int64_t{1} << 60 | 7);
}

}  // namespace
}  // namespace sim
}  // namespace ptoc
