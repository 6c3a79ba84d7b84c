// ProgramFingerprint: equal for copies, different after any edit the
// printer shows, blind to locations and sequence nesting.
#include "ir/fingerprint.h"

#include <filesystem>
#include <memory>
#include <string>

#include "frontend/parser.h"
#include "gtest/gtest.h"
#include "ir/builder.h"
#include "ir/file_util.h"

namespace ptoc {
namespace {

std::unique_ptr<Program> Parse(const std::string& path) {
  absl::StatusOr<std::string> text = ReadFile(path);
  EXPECT_TRUE(text.ok()) << text.status();
  absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(*text, path);
  EXPECT_TRUE(p.ok()) << p.status();
  return std::move(*p);
}

// The first Assign statement of the first function with one.
Stmt* FirstAssign(Stmt& s) {
  if (s.kind == StmtKind::kAssign) return &s;
  for (StmtPtr& c : s.stmts) {
    if (Stmt* a = FirstAssign(*c)) return a;
  }
  for (StmtPtr* b : {&s.body, &s.else_body}) {
    if (*b != nullptr) {
      if (Stmt* a = FirstAssign(**b)) return a;
    }
  }
  return nullptr;
}

TEST(FingerprintTest, EqualForACloneOfEveryExample) {
  int programs = 0;
  for (const auto& entry : std::filesystem::directory_iterator("examples")) {
    if (entry.path().extension() != ".py") continue;
    const std::string path = entry.path().string();
    SCOPED_TRACE(path);
    std::unique_ptr<Program> p = Parse(path);
    ASSERT_NE(p, nullptr);
    std::unique_ptr<Program> clone = CloneProgram(*p);
    EXPECT_EQ(ProgramFingerprint(*p), ProgramFingerprint(*clone));
    ++programs;
  }
  EXPECT_GE(programs, 9);
}

TEST(FingerprintTest, ChangesWithWhatThePrinterShows) {
  std::unique_ptr<Program> p = Parse("examples/matmul_relu.py");
  ASSERT_NE(p, nullptr);
  const uint64_t original = ProgramFingerprint(*p);
  Stmt* assign = FirstAssign(*p->functions[0]->body);
  ASSERT_NE(assign, nullptr);

  assign->leading_comments.push_back(" a comment");
  EXPECT_NE(ProgramFingerprint(*p), original);
  assign->leading_comments.pop_back();
  EXPECT_EQ(ProgramFingerprint(*p), original);

  const std::string name = assign->var->name;
  assign->var->name = name + "_renamed";
  EXPECT_NE(ProgramFingerprint(*p), original);
  assign->var->name = name;

  const Type type = assign->var->type;
  assign->var->type = Type::Scalar(DType::kINT32);
  EXPECT_NE(ProgramFingerprint(*p), original);
  assign->var->type = type;

  ASSERT_FALSE(assign->value->args.empty());
  ExprPtr arg = std::move(assign->value->args.back());
  assign->value->args.pop_back();
  EXPECT_NE(ProgramFingerprint(*p), original);
  assign->value->args.push_back(std::move(arg));
  EXPECT_EQ(ProgramFingerprint(*p), original);

  p->options.pipe_sync = "barrier-all";
  EXPECT_NE(ProgramFingerprint(*p), original);
}

TEST(FingerprintTest, IgnoresLocationsAndSequenceNesting) {
  std::unique_ptr<Program> p = Parse("examples/matmul_relu.py");
  ASSERT_NE(p, nullptr);
  const uint64_t original = ProgramFingerprint(*p);
  Function& f = *p->functions[0];
  f.loc = Location{};
  // The body wrapped in one more sequence prints the same.
  std::vector<StmtPtr> outer;
  outer.push_back(std::move(f.body));
  f.body = MakeSeq(std::move(outer), Location{});
  EXPECT_EQ(ProgramFingerprint(*p), original);
}

}  // namespace
}  // namespace ptoc
