#include "ir/walk.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "frontend/parser.h"
#include "gtest/gtest.h"

namespace ptoc {
namespace {

constexpr char kKernel[] = R"(import pypto.language as pl


@pl.program
class Walk:
    @pl.function(type=pl.FunctionType.AIV)
    def k(self, out: pl.Out[pl.Tensor[[1, 16], pl.INDEX]], a: pl.Scalar[pl.INDEX], b: pl.Scalar[pl.INDEX]):
        for i, (acc,) in pl.range(0, b, 1, init_values=(a,)):
            if i < a:
                m = pl.yield_(acc + i)
            else:
                m = pl.yield_(acc * 2)
            acc_next = pl.yield_(m)
        pl.tensor.write(out, [0, 0], acc_next)
)";

class WalkTest : public ::testing::Test {
 protected:
  void SetUp() override {
    absl::StatusOr<std::unique_ptr<Program>> p = ParseProgram(kKernel, "walk.py");
    ASSERT_TRUE(p.ok()) << p.status();
    program_ = *std::move(p);
  }
  const Stmt& body() const { return *program_->functions[0]->body; }

  std::unique_ptr<Program> program_;
};

std::string KindName(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::kSeq: return "seq";
    case StmtKind::kFor: return "for";
    case StmtKind::kIf: return "if";
    case StmtKind::kYield: return "yield";
    case StmtKind::kEval: return "eval";
    case StmtKind::kReturn: return "return";
    default: return "other";
  }
}

TEST_F(WalkTest, PreOrderInTextOrder) {
  std::vector<std::string> seen;
  ForEachStmt(body(), [&](const Stmt& s) { seen.push_back(KindName(s)); });
  // Every body is a Seq: the loop's holds the if and the loop's yield, each
  // branch's its yield.
  EXPECT_EQ(absl::StrJoin(seen, " "), "seq for seq if seq yield seq yield yield eval");
}

TEST_F(WalkTest, SkipLeavesTheChildrenOutAndStopEndsTheWalk) {
  std::vector<std::string> seen;
  EXPECT_TRUE(WalkStmts(body(), [&](const Stmt& s) {
    seen.push_back(KindName(s));
    return s.kind == StmtKind::kIf ? WalkAction::kSkip : WalkAction::kAdvance;
  }));
  EXPECT_EQ(absl::StrJoin(seen, " "), "seq for seq if yield eval");

  seen.clear();
  EXPECT_FALSE(WalkStmts(body(), [&](const Stmt& s) {
    seen.push_back(KindName(s));
    return s.kind == StmtKind::kIf ? WalkAction::kStop : WalkAction::kAdvance;
  }));
  EXPECT_EQ(absl::StrJoin(seen, " "), "seq for seq if");
}

TEST_F(WalkTest, ChildrenAndBodies) {
  const Stmt& loop = *body().stmts[0];
  ASSERT_EQ(loop.kind, StmtKind::kFor);
  EXPECT_EQ(ChildrenOf(loop).size(), 1u);
  EXPECT_EQ(BodiesOf(loop).size(), 1u);
  const Stmt& branch = *loop.body->stmts[0];
  EXPECT_EQ(ChildrenOf(branch).size(), 2u);  // then and else
  // A Seq's elements are its children but not bodies.
  EXPECT_EQ(ChildrenOf(body()).size(), 2u);
  EXPECT_TRUE(BodiesOf(body()).empty());
}

TEST_F(WalkTest, OwnExprsOfALoopAreItsBoundsThenItsInitialValues) {
  const Stmt& loop = *body().stmts[0];
  std::vector<std::string> seen;
  ForEachOwnExpr(loop, [&](const Expr& e) { seen.push_back(e.kind == ExprKind::kVar ? e.var->name : "c"); });
  EXPECT_EQ(absl::StrJoin(seen, " "), "c b c a");
}

TEST_F(WalkTest, VarUsesCountEveryRead) {
  std::map<std::string, int> uses;
  for (const auto& [var, n] : CountVarUses(body())) uses[var->name] += n;
  // a: the loop's initial value and the condition; b: the bound; acc: two
  // yields; i: the condition and a yield; m and acc_next: one yield / write.
  EXPECT_EQ(uses["a"], 2);
  EXPECT_EQ(uses["b"], 1);
  EXPECT_EQ(uses["acc"], 2);
  EXPECT_EQ(uses["i"], 2);
  EXPECT_EQ(uses["m"], 1);
  EXPECT_EQ(uses["acc_next"], 1);
  EXPECT_EQ(uses["out"], 1);
}

TEST_F(WalkTest, CallsComeAfterTheirArguments) {
  std::vector<std::string> calls;
  ForEachCall(body(), [&](const Expr& e) { calls.push_back(e.str); });
  ASSERT_FALSE(calls.empty());
  EXPECT_EQ(calls.back(), "tensor.write");
  std::vector<std::string> own;
  ForEachOwnCall(*body().stmts[0], [&](const Expr& e) { own.push_back(e.str); });
  EXPECT_TRUE(own.empty()) << absl::StrJoin(own, " ");  // the bounds call nothing
}

TEST_F(WalkTest, TrailingYieldAndFirstRegion) {
  const Stmt& loop = *body().stmts[0];
  const Stmt* y = TrailingYield(*loop.body);
  ASSERT_NE(y, nullptr);
  EXPECT_EQ(y->values.size(), 1u);
  EXPECT_EQ(TrailingYield(body()), nullptr);
  EXPECT_EQ(FirstSplitAivRegion(body()), nullptr);
}

// Counts per kind; every kind it does not override lands in VisitStmt.
class Counter : public StmtVisitor<Counter, int> {
 public:
  int VisitSeq(const Stmt& s) {
    int n = 0;
    ForEachChild(s, [&](const Stmt& c) { n += Visit(c); });
    return n;
  }
  int VisitFor(const Stmt& s) { return 100 + Visit(*s.body); }
  int VisitIf(const Stmt& s) {
    int n = 10;
    ForEachChild(s, [&](const Stmt& c) { n += Visit(c); });
    return n;
  }
  int VisitStmt(const Stmt&) { return 1; }
};

TEST_F(WalkTest, VisitorDispatchesOnTheKindAndFallsBackToVisitStmt) {
  // for (100) + if (10) + two branch yields + the loop's yield + the write.
  EXPECT_EQ(Counter().Visit(body()), 100 + 10 + 2 + 1 + 1);
}

// A mutable visitor rewrites in place.
class RenameYields : public MutableStmtVisitor<RenameYields> {
 public:
  void VisitStmt(Stmt& s) { VisitChildren(s); }
  void VisitYield(Stmt& s) { s.leading_comments.push_back("seen"); }
};

TEST_F(WalkTest, MutableVisitorReachesEveryYield) {
  RenameYields().Visit(*program_->functions[0]->body);
  int marked = 0;
  ForEachStmt(body(), [&](const Stmt& s) { marked += !s.leading_comments.empty(); });
  EXPECT_EQ(marked, 3);
}

}  // namespace
}  // namespace ptoc
