// Leading comments: where the parser attaches them (as PyPTO's parser does),
// how the printer writes them, and that they survive the proto and the
// verifier refuses one that is not a single line.
#include <memory>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "frontend/parser.h"
#include "frontend/printer.h"
#include "gtest/gtest.h"
#include "ir/ir.h"
#include "ir/ir.pb.h"
#include "ir/serialize.h"
#include "ir/verifier.h"

namespace ptoc {
namespace {

constexpr char kHead[] =
    "import pypto.language as pl\n"
    "\n"
    "\n"
    "@pl.program\n"
    "class P:\n"
    "    @pl.function\n"
    "    def main(self, x: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.FP32]:\n";

std::unique_ptr<Program> Parse(const std::string& body) {
  absl::StatusOr<std::unique_ptr<Program>> p =
      ParseProgram(absl::StrCat(kHead, body), "c.py");
  EXPECT_TRUE(p.ok()) << p.status();
  return p.ok() ? *std::move(p) : nullptr;
}

// The body's statements (the function's top-level Seq).
const Stmt& Top(const Program& p, size_t i) { return *p.functions[0]->body->stmts.at(i); }

using Lines = std::vector<std::string>;

TEST(CommentsTest, SimpleStatementTakesCommentsAboveAndAfterIt) {
  std::unique_ptr<Program> p = Parse(
      "        # first\n"
      "        #second\n"
      "        y = x  # trailing\n"
      "        return y\n");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(Top(*p, 0).leading_comments, (Lines{"first", "second", "trailing"}));
  EXPECT_TRUE(Top(*p, 1).leading_comments.empty());
}

TEST(CommentsTest, CompoundHeaderKeepsShallowCommentsBodyKeepsItsOwn) {
  std::unique_ptr<Program> p = Parse(
      "        # loop\n"
      "        for i in pl.range(4):  # header\n"
      "            # body\n"
      "            y = x + 1.0\n"
      "            # tail, dropped as PyPTO drops it\n"
      "        # after\n"
      "        return x\n");
  ASSERT_NE(p, nullptr);
  const Stmt& loop = Top(*p, 0);
  ASSERT_EQ(loop.kind, StmtKind::kFor);
  EXPECT_EQ(loop.leading_comments, (Lines{"loop", "header"}));
  EXPECT_EQ(loop.body->stmts.at(0)->leading_comments, (Lines{"body"}));
  EXPECT_EQ(Top(*p, 1).leading_comments, (Lines{"after"}));
}

TEST(CommentsTest, ElseBodyTakesTheCommentBeforeElse) {
  std::unique_ptr<Program> p = Parse(
      "        if x > 0.0:\n"
      "            y = x\n"
      "            # then tail\n"
      "        # fallback\n"
      "        else:\n"
      "            y = -x\n"
      "        return y\n");
  ASSERT_NE(p, nullptr);
  const Stmt& branch = Top(*p, 0);
  ASSERT_EQ(branch.kind, StmtKind::kIf);
  EXPECT_TRUE(branch.body->stmts.at(0)->leading_comments.empty());
  EXPECT_EQ(branch.else_body->stmts.at(0)->leading_comments, (Lines{"fallback"}));
}

TEST(CommentsTest, DocstringAndPassHandTheirCommentsOn) {
  std::unique_ptr<Program> p = Parse(
      "        # before\n"
      "        \"\"\"doc\n"
      "        more\"\"\"\n"
      "        # on pass\n"
      "        pass\n"
      "        y = x\n"
      "        return y\n");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(Top(*p, 0).leading_comments,
            (Lines{"before", "doc", "        more", "on pass"}));
}

TEST(CommentsTest, DocstringLinesSplitAtEveryLineBreak) {
  std::unique_ptr<Program> p = Parse(
      "        \"a\\rb\\r\\nc\"\n"
      "        y = x\n"
      "        return y\n");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(Top(*p, 0).leading_comments, (Lines{"a", "b", "c"}));
  EXPECT_TRUE(VerifyProgram(*p).ok());
}

TEST(CommentsTest, PrinterWritesCommentsAtTheStatementsIndentation) {
  std::unique_ptr<Program> p = Parse(
      "        # loop\n"
      "        for i in pl.range(4):\n"
      "            # body\n"
      "            pl.system.fence()\n"
      "        return x\n");
  ASSERT_NE(p, nullptr);
  const std::string text = PrintProgram(*p);
  EXPECT_TRUE(absl::StrContains(text,
                                "        # loop\n"
                                "        for i in pl.range(4):\n"
                                "            # body\n"
                                "            pl.system.fence()\n"))
      << text;
  absl::StatusOr<std::unique_ptr<Program>> again = ParseProgram(text, "again.py");
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(PrintProgram(**again), text);
}

TEST(CommentsTest, ProtoKeepsCommentsAndVerifierRefusesABrokenLine) {
  std::unique_ptr<Program> p = Parse(
      "        # kept\n"
      "        y = x\n"
      "        return y\n");
  ASSERT_NE(p, nullptr);
  ir::Program proto = ToProto(*p);
  absl::StatusOr<std::unique_ptr<Program>> back = FromProto(proto);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(PrintProgram(**back), PrintProgram(*p));
  EXPECT_TRUE(VerifyProgram(**back).ok());

  // A hostile .pb: a comment with a line break would print a line of code.
  ir::Stmt* first = proto.mutable_functions(0)->mutable_body()->mutable_seq()->mutable_stmts(0);
  first->set_leading_comments(0, "x\n        return x");
  absl::StatusOr<std::unique_ptr<Program>> hostile = FromProto(proto);
  ASSERT_TRUE(hostile.ok()) << hostile.status();
  absl::Status verified = VerifyProgram(**hostile);
  EXPECT_FALSE(verified.ok());
  EXPECT_TRUE(absl::StrContains(verified.message(), "is not a single line")) << verified;

  // ... and a comment on a Seq, which prints no line to carry it.
  ir::Program on_seq = ToProto(*p);
  on_seq.mutable_functions(0)->mutable_body()->add_leading_comments("lost");
  absl::StatusOr<std::unique_ptr<Program>> seq = FromProto(on_seq);
  ASSERT_TRUE(seq.ok()) << seq.status();
  EXPECT_FALSE(VerifyProgram(**seq).ok());
}

}  // namespace
}  // namespace ptoc
