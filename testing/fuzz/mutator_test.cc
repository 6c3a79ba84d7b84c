#include "testing/fuzz/mutator.h"

#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace ptoc {
namespace {

TEST(ParseFuzzDictionary, ReadsTokensNamesAndEscapes) {
  absl::StatusOr<std::vector<std::string>> tokens =
      ParseFuzzDictionary("# a comment\n\n\"def \"\nminus_one=\"\\xff\\x01\"\n\"a\\\"b\\\\\"\n");
  ASSERT_TRUE(tokens.ok()) << tokens.status();
  EXPECT_EQ(*tokens, (std::vector<std::string>{"def ", "\xff\x01", "a\"b\\"}));
}

TEST(ParseFuzzDictionary, RejectsALineWithoutAQuotedToken) {
  EXPECT_FALSE(ParseFuzzDictionary("def\n").ok());
  EXPECT_FALSE(ParseFuzzDictionary("\"\\x4\"\n").ok());
}

TEST(Mutator, SameSeedSameMutants) {
  const Mutator mutator({"other input 123"}, {"pl.add", "@pl.function"});
  const std::string input = "x = 42\ny = pl.mul(x, 7)\n";
  Rng a(7), b(7);
  for (int i = 0; i < 200; ++i) EXPECT_EQ(mutator.Mutate(input, a), mutator.Mutate(input, b));
}

TEST(Mutator, MakesManyDifferentMutants) {
  const Mutator mutator({"other input 123"}, {"pl.add"});
  const std::string input = "x = 42\ny = pl.mul(x, 7)\nreturn y\n";
  Rng rng(1);
  std::set<std::string> mutants;
  for (int i = 0; i < 200; ++i) mutants.insert(mutator.Mutate(input, rng));
  EXPECT_GT(mutants.size(), 150u);
  EXPECT_EQ(mutants.count(input), 0u);
}

TEST(Mutator, HandlesTheEmptyInput) {
  const Mutator mutator({}, {});
  Rng rng(3);
  for (int i = 0; i < 100; ++i) mutator.Mutate("", rng);
}

TEST(StableHash, IsFnv1a) {
  EXPECT_EQ(StableHash(""), 1469598103934665603ULL);
  EXPECT_NE(StableHash("a"), StableHash("b"));
}

}  // namespace
}  // namespace ptoc
