// Property tests over thousands of generated programs: every one verifies,
// prints, parses back to the same IR, prints to the same text (a fixed
// point), and survives the protobuf boundary unchanged.
#include <string>

#include "frontend/parser.h"
#include "frontend/printer.h"
#include "gtest/gtest.h"
#include "ir/serialize.h"
#include "ir/verifier.h"
#include "testing/random_program.h"

namespace ptoc {
namespace {

constexpr int kPrograms = 3000;

TEST(RandomProgramTest, GeneratorIsDeterministic) {
  EXPECT_EQ(PrintProgram(*GenerateRandomProgram(7)), PrintProgram(*GenerateRandomProgram(7)));
  EXPECT_NE(PrintProgram(*GenerateRandomProgram(7)), PrintProgram(*GenerateRandomProgram(8)));
}

TEST(RandomProgramTest, PrintParseRoundTrip) {
  for (uint64_t seed = 0; seed < kPrograms; ++seed) {
    std::unique_ptr<Program> program = GenerateRandomProgram(seed);
    ASSERT_TRUE(VerifyProgram(*program).ok())
        << "seed " << seed << ": " << VerifyProgram(*program).message();
    const std::string text = PrintProgram(*program);
    absl::StatusOr<std::unique_ptr<Program>> parsed = ParseProgram(text, "gen.py");
    ASSERT_TRUE(parsed.ok()) << "seed " << seed << ": " << parsed.status().message()
                             << "\n" << text;
    EXPECT_EQ(PrintProgram(**parsed), text) << "seed " << seed;
    PrintOptions canonical{.canonical_names = true};
    EXPECT_EQ(PrintProgram(**parsed, canonical), PrintProgram(*program, canonical))
        << "seed " << seed;
    EXPECT_TRUE(VerifyProgram(**parsed).ok()) << "seed " << seed;
  }
}

TEST(RandomProgramTest, ProtoRoundTrip) {
  for (uint64_t seed = 0; seed < kPrograms; ++seed) {
    std::unique_ptr<Program> program = GenerateRandomProgram(seed);
    const std::string bytes = SerializeProgram(*program);
    absl::StatusOr<std::unique_ptr<Program>> loaded = DeserializeProgram(bytes, "gen.pb");
    ASSERT_TRUE(loaded.ok()) << "seed " << seed << ": " << loaded.status().message();
    EXPECT_EQ(PrintProgram(**loaded), PrintProgram(*program)) << "seed " << seed;
    EXPECT_EQ(SerializeProgram(**loaded), bytes) << "seed " << seed;
    EXPECT_TRUE(VerifyProgram(**loaded).ok()) << "seed " << seed;
  }
}

}  // namespace
}  // namespace ptoc
