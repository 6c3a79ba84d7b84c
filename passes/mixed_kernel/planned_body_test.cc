#include "passes/mixed_kernel/planned_body.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "ir/builder.h"

namespace ptoc {
namespace mixed_kernel {
namespace {

// A statement that says its name: `eval(<value>)`.
StmtPtr Named(int value) { return MakeEval(MakeInt(value, Location{}), Location{}); }

int ValueOf(const Stmt& s) { return static_cast<int>(s.value->int_value); }

std::vector<int> Values(const Stmt& seq) {
  std::vector<int> values;
  for (const StmtPtr& s : seq.stmts) values.push_back(ValueOf(*s));
  return values;
}

StmtPtr Body(int n) {
  std::vector<StmtPtr> stmts;
  for (int i = 0; i < n; ++i) stmts.push_back(Named(i));
  return MakeSeq(std::move(stmts), Location{});
}

TEST(PlannedBodyTest, AppendsInOrderBeforeAnOriginalStatement) {
  StmtPtr seq = Body(3);
  PlannedBody body(*seq);
  body.Append(1, Named(10));
  body.Append(1, Named(11));
  body.Append(3, Named(30));  // at the end
  body.Append(0, Named(-1));
  // The original indices do not move until Apply.
  EXPECT_EQ(ValueOf(body.At(PlannedBody::Original(2))), 2);
  body.Apply();
  EXPECT_EQ(Values(*seq), (std::vector<int>{-1, 0, 10, 11, 1, 2, 30}));
}

TEST(PlannedBodyTest, WalksOriginalAndPlannedStatementsAsOneSequence) {
  StmtPtr seq = Body(3);
  PlannedBody body(*seq);
  body.Append(1, Named(10));
  body.Append(1, Named(11));
  body.Append(3, Named(30));
  std::vector<int> forward;
  for (std::optional<PlannedBody::Pos> p = PlannedBody::Original(0); p; p = body.After(*p)) {
    forward.push_back(ValueOf(body.At(*p)));
  }
  EXPECT_EQ(forward, (std::vector<int>{0, 10, 11, 1, 2, 30}));
  std::vector<int> backward;
  std::optional<PlannedBody::Pos> last = body.After(PlannedBody::Original(2));
  ASSERT_TRUE(last.has_value());
  for (std::optional<PlannedBody::Pos> p = last; p; p = body.Before(*p)) {
    backward.push_back(ValueOf(body.At(*p)));
  }
  EXPECT_EQ(backward, (std::vector<int>{30, 2, 1, 11, 10, 0}));
}

TEST(PlannedBodyTest, InsertsNextToOriginalAndPlannedStatements) {
  StmtPtr seq = Body(2);
  PlannedBody body(*seq);
  PlannedBody::Pos planned = body.Append(1, Named(10));
  body.InsertBefore(planned, Named(9));
  body.InsertAfter(planned, Named(11));
  body.InsertAfter(PlannedBody::Original(0), Named(5));  // right after statement 0
  body.InsertBefore(PlannedBody::Original(1), Named(12));  // right before statement 1
  body.InsertAfter(PlannedBody::Original(1), Named(20));
  body.Apply();
  EXPECT_EQ(Values(*seq), (std::vector<int>{0, 5, 9, 10, 11, 12, 1, 20}));
}

TEST(PlannedBodyTest, EmptyBodyTakesStatementsAtItsEnd) {
  StmtPtr seq = Body(0);
  PlannedBody body(*seq);
  EXPECT_FALSE(body.Before(PlannedBody::Original(0)).has_value());
  body.Append(0, Named(7));
  body.Apply();
  EXPECT_EQ(Values(*seq), (std::vector<int>{7}));
}

}  // namespace
}  // namespace mixed_kernel
}  // namespace ptoc
